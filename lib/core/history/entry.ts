/**
 * What the audit history keeps about each audit, besides the whole (already redacted) Report: the
 * server's identity (its command line or URL), the conditions it was audited under, and the
 * figures a history list shows without loading any Report.
 */
import { z } from 'zod';
import { FLAG_IDS } from '../flags/catalogue';
import { SEVERITIES } from '../severity';
import { auditOutcome, type Report, type Target } from '../report/report';

/** How an audit ended: no tools/list page read (failed), stopped later or cut short (partial), or whole. */
export const AUDIT_OUTCOMES = ['complete', 'partial', 'failed'] as const;
export type AuditOutcomeName = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_SOURCES = ['cli', 'dashboard'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

export const conditionsSchema = z.object({
  transport: z.string(),
  /** The protocol version the server answered with, or null when it never did. */
  protocolVersion: z.string().nullable(),
  /** Names of the environment variables passed to a stdio server. Never values. */
  envNames: z.array(z.string()),
  /** Names of the HTTP headers sent to a hosted server. Never values. */
  headerNames: z.array(z.string()),
  /** Whether an Authorization header was sent (signed in), for a hosted server. */
  signedIn: z.boolean(),
  /** The mcp-hintcheck version that ran the audit. */
  generatorVersion: z.string(),
  source: z.enum(AUDIT_SOURCES),
});
export type Conditions = z.infer<typeof conditionsSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  serverId: z.number().int(),
  identity: z.string(),
  createdAt: z.string(),
  reportHash: z.string(),
  /** False when the stored report's SHA-256 is not reportHash: the row was changed after it was written. */
  intact: z.boolean(),
  serverName: z.string().nullable(),
  serverVersion: z.string().nullable(),
  tools: z.number().int(),
  readOnly: z.number().int(),
  destructive: z.number().int(),
  openWorld: z.number().int(),
  unannotated: z.number().int(),
  /** The first finding of the risk order (lib/core/report/first-finding.ts): its severity and flag. */
  worstSeverity: z.enum(SEVERITIES).nullable(),
  worstFlag: z.enum(FLAG_IDS).nullable(),
  /** False when the audit failed or the listing is incomplete. */
  complete: z.boolean(),
  /** A failed audit listed nothing: it is kept as a failure, with its error, and never diffed as a surface. */
  outcome: z.enum(AUDIT_OUTCOMES),
  /** The first error of an audit that did not complete (already redacted), or null. */
  error: z.string().nullable(),
  conditions: conditionsSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyServerSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  transport: z.string(),
  audits: z.number().int(),
  lastAuditAt: z.string(),
  lastServerName: z.string().nullable(),
});
export type HistoryServer = z.infer<typeof historyServerSchema>;

/** Shell-like quoting of one argument, for showing a command line (never for running it). */
function quoteArg(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * A server is its command line (with its working directory when one was given) or its redacted URL:
 * two audits of the same line are two audits of one server, whatever it answered.
 */
export function serverIdentity(target: Target): string {
  if (target.transport === 'stdio') {
    const line = [target.command, ...target.args].map(quoteArg).join(' ');
    return target.cwd === null ? line : `${line}  (in ${target.cwd})`;
  }
  return target.url;
}

export function auditConditions(report: Report, source: AuditSource): Conditions {
  const headerNames = report.target.transport === 'stdio' ? [] : report.target.headerNames;
  return {
    transport: report.server?.transport ?? report.target.transport,
    protocolVersion: report.server?.protocolVersion ?? null,
    envNames: report.target.envNames,
    headerNames,
    signedIn: headerNames.some((name) => name.toLowerCase() === 'authorization'),
    generatorVersion: report.generator.version,
    source,
  };
}

/** How an audit ended, for the history: failed, partial (an error after some pages, or a cut listing) or complete. */
export function historyOutcome(report: Pick<Report, 'errors' | 'pages' | 'complete'>): AuditOutcomeName {
  const outcome = auditOutcome(report);
  return outcome === 'complete' && !report.complete ? 'partial' : outcome;
}

/** The first error of a Report, "code: message", or null. */
export function firstError(report: Pick<Report, 'errors'>): string | null {
  const [error] = report.errors;
  return error === undefined ? null : `${error.code}: ${error.message}`;
}

/**
 * Why an audit cannot be one side of a diff, or null when it can: a failed audit listed no surface,
 * and comparing it would report every tool as removed (or a pin "at 0").
 */
export function diffRefusal(id: number, report: Pick<Report, 'errors' | 'pages' | 'complete'>): string | null {
  if (historyOutcome(report) !== 'failed') return null;
  return `Audit #${id} failed before it listed any tool (${firstError(report) ?? 'no error recorded'}): there is no surface to compare. Pick two audits that listed their tools.`;
}

/** A note for a diff with an audit that listed only part of its surface, or null. */
export function partialNote(id: number, report: Pick<Report, 'errors' | 'pages' | 'complete'>): string | null {
  if (historyOutcome(report) !== 'partial') return null;
  return `Audit #${id} did not list its whole surface (${firstError(report) ?? 'the listing was cut short'}): what it did not list shows as removed or added.`;
}

/** A note for a diff of audits of two different servers (two command lines or URLs), or null for one server. */
export function otherServerNote(
  a: { id: number; report: Pick<Report, 'target'> },
  b: { id: number; report: Pick<Report, 'target'> },
): string | null {
  const [before, after] = [serverIdentity(a.report.target), serverIdentity(b.report.target)];
  if (before === after) return null;
  return `Audits #${a.id} and #${b.id} are of two different servers (${before.slice(0, 200)}; ${after.slice(0, 200)}): this compares two surfaces, not one server's change.`;
}
