/**
 * What the audit history keeps about each audit, besides the whole (already redacted) Report: the
 * server's identity (its command line or URL), the conditions it was audited under, and the
 * figures a history list shows without loading any Report.
 */
import { z } from 'zod';
import { FLAG_IDS, SEVERITIES, severityRank, type FlagId, type Severity } from '../flags';
import type { Report, Target } from '../report';

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
  serverName: z.string().nullable(),
  serverVersion: z.string().nullable(),
  tools: z.number().int(),
  readOnly: z.number().int(),
  destructive: z.number().int(),
  openWorld: z.number().int(),
  unannotated: z.number().int(),
  worstSeverity: z.enum(SEVERITIES).nullable(),
  worstFlag: z.enum(FLAG_IDS).nullable(),
  /** False when the audit failed or the listing is incomplete. */
  complete: z.boolean(),
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

/**
 * The worst flag of a report: its highest severity and, at that severity, the flag most tools carry
 * (ties go to the catalogue's order). Null when no tool is flagged.
 */
export function worstFlag(report: Pick<Report, 'tools'>): { severity: Severity; id: FlagId } | null {
  let severity: Severity | null = null;
  const counts = new Map<FlagId, number>();
  for (const tool of report.tools) {
    for (const flag of tool.flags) {
      if (severity === null || severityRank(flag.severity) < severityRank(severity)) {
        severity = flag.severity;
        counts.clear();
      }
      if (flag.severity === severity) counts.set(flag.id, (counts.get(flag.id) ?? 0) + 1);
    }
  }
  if (severity === null) return null;
  let best: FlagId | null = null;
  for (const id of FLAG_IDS) {
    const count = counts.get(id) ?? 0;
    if (count > 0 && (best === null || count > (counts.get(best) ?? 0))) best = id;
  }
  return best === null ? null : { severity, id: best };
}
