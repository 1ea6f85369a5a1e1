/**
 * A run row from one audit's Report (lib/core/report/report.ts) and the entry's plan: each tool's
 * effective hints, every finding of the Report's one walk (report/findings.ts, so the server.json checks
 * of lib/core/server-json/ come with it), the surface digest, and the verdict (row.ts).
 */
import { canonicalJson } from '../contract/canonical-json';
import { sha256Hex } from '../contract/sha256';
import { allFindings } from '../report/findings';
import type { Report } from '../report/report';
import { signInNeed } from '../report/needs-sign-in';
import type { RegistryEntry } from './entry';
import { verdictOf, type RowFinding, type RowTarget, type RunRow } from './row';
import type { EntryPlan } from './targets';

export function rowTarget(plan: EntryPlan): RowTarget {
  if (plan.kind === 'stdio')
    return { kind: 'stdio', registryType: plan.registryType, command: [plan.command, ...plan.args] };
  if (plan.kind === 'remote') return { kind: 'remote', transport: plan.transport, url: plan.url };
  return plan;
}

/** SHA-256 of the tools as an agent sees them (name, description, effective hints, input schema), in listed order. */
export function surfaceDigest(report: Pick<Report, 'tools'>): string {
  const tools = report.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    hints: Object.fromEntries(Object.entries(tool.effective).map(([hint, value]) => [hint, value.value])),
    inputSchema: tool.inputSchema ?? null,
  }));
  return sha256Hex(canonicalJson(tools));
}

/** What every row of an entry carries whatever happened (name, version, registry facts, shard). */
function rowBase(
  entry: RegistryEntry,
  shard: string | null,
): Pick<RunRow, 'type' | 'key' | 'name' | 'version' | 'registry' | 'shard'> {
  const meta = entry.kind === 'server' ? entry.meta : null;
  return {
    type: 'result',
    key: entry.key,
    name: entry.name,
    version: entry.version,
    registry: { status: meta?.status ?? null, updatedAt: meta?.updatedAt ?? null },
    shard,
  };
}

export function rowOfReport(
  entry: RegistryEntry,
  plan: EntryPlan,
  report: Report,
  options: { durationMs: number; shard: string | null },
): RunRow {
  const need = signInNeed(report);
  const problem =
    need === null
      ? (report.errors[0] ?? null)
      : {
          code: 'needs-sign-in',
          message: `The server refused the unauthenticated request (${need === 'sign-in' ? 'it names an authorization server' : 'only a header would help'}): its OAuth metadata was checked, it was not signed in.`,
        };
  const status = problem !== null || !report.complete ? 'failed' : 'ok';
  const findings: RowFinding[] = allFindings(report).map((finding) => ({
    id: finding.id,
    severity: finding.severity,
    subject: `${finding.subject.kind}/${finding.subject.name}`,
    message: finding.message,
  }));
  return {
    ...rowBase(entry, options.shard),
    status,
    verdict: verdictOf(status, findings),
    target: rowTarget(plan),
    error:
      problem === null
        ? status === 'ok'
          ? null
          : { code: 'incomplete', message: 'The listing did not finish.' }
        : { code: problem.code, message: problem.message },
    tools: report.tools.map((tool) => ({
      name: tool.name,
      annotated: tool.annotationState !== 'unannotated',
      hints: {
        readOnlyHint: tool.effective.readOnlyHint.value,
        destructiveHint: tool.effective.destructiveHint.value,
        idempotentHint: tool.effective.idempotentHint.value,
        openWorldHint: tool.effective.openWorldHint.value,
      },
    })),
    findings,
    digest: report.tools.length === 0 && status !== 'ok' ? null : surfaceDigest(report),
    durationMs: options.durationMs,
  };
}

/** The row of an entry that was not audited (not auditable here, or the audit threw): one failed row. */
export function rowWithoutAudit(
  entry: RegistryEntry,
  plan: EntryPlan,
  error: { code: string; message: string },
  options: { durationMs: number; shard: string | null },
): RunRow {
  return {
    ...rowBase(entry, options.shard),
    status: plan.kind === 'not-auditable' ? 'not-auditable' : 'failed',
    verdict: 'error',
    target: rowTarget(plan),
    error,
    tools: [],
    findings: [],
    digest: null,
    durationMs: options.durationMs,
  };
}
