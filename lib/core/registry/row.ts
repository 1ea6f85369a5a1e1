/**
 * One line of a registry run file (NDJSON, appended and fsync'd as each server ends, so an interrupted
 * run resumes by skipping the keys already written): what the server is, how it was reached, and what
 * the audit found, small enough for hundreds of servers (each tool's effective hints, the findings,
 * a digest of the surface; not the whole Report). The verdict is derived here once.
 */
import { z } from 'zod';
import { SEVERITIES, type Severity } from '../severity';

export const ROW_STATUSES = ['ok', 'failed', 'not-auditable'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/**
 * pass: audited whole, nothing medium or worse; review: a medium finding; fail: a critical or high
 * finding; error: not audited whole (failed, hung, crashed, flooded, needs sign-in, not auditable here).
 */
export const VERDICTS = ['pass', 'review', 'fail', 'error'] as const;
export type Verdict = (typeof VERDICTS)[number];

const hints = z.object({
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
});

export const rowToolSchema = z.object({
  name: z.string(),
  /** The effective hints (spec defaults applied where the server said nothing). */
  hints,
  /** Whether the server sent annotations for the tool at all. */
  annotated: z.boolean(),
});
export type RowTool = z.infer<typeof rowToolSchema>;

export const rowFindingSchema = z.object({
  id: z.string(),
  severity: z.enum(SEVERITIES),
  /** "tools/delete_everything", "oauth", "declared/server.json …". */
  subject: z.string(),
  message: z.string(),
});
export type RowFinding = z.infer<typeof rowFindingSchema>;

export const rowTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stdio'), registryType: z.string(), command: z.array(z.string()) }),
  z.object({ kind: z.literal('remote'), transport: z.string(), url: z.string() }),
  z.object({ kind: z.literal('not-auditable'), needs: z.string() }),
]);
export type RowTarget = z.infer<typeof rowTargetSchema>;

export const runRowSchema = z.object({
  type: z.literal('result'),
  key: z.string(),
  name: z.string(),
  version: z.string(),
  status: z.enum(ROW_STATUSES),
  verdict: z.enum(VERDICTS),
  target: rowTargetSchema,
  /** The first problem (code and message), when the audit did not finish whole. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  tools: z.array(rowToolSchema),
  findings: z.array(rowFindingSchema),
  /** SHA-256 of the listed tools (name, effective hints, description, schema): the surface, to tell changes. */
  digest: z.string().nullable(),
  /** The registry's own facts (status, dates) when it gave them. */
  registry: z.object({ status: z.string().nullable(), updatedAt: z.string().nullable() }),
  durationMs: z.number(),
  /** The shard that audited it ("2/3"), null for a whole run. */
  shard: z.string().nullable(),
});
export type RunRow = z.infer<typeof runRowSchema>;

/** The counts of a row's findings by severity (every severity present, 0 when none). */
export function countsOf(findings: readonly Pick<RowFinding, 'severity'>[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<Severity, number>;
  for (const { severity } of findings) counts[severity] += 1;
  return counts;
}

export function verdictOf(status: RowStatus, findings: readonly Pick<RowFinding, 'severity'>[]): Verdict {
  if (status !== 'ok') return 'error';
  const counts = countsOf(findings);
  if (counts.critical + counts.high > 0) return 'fail';
  return counts.medium > 0 ? 'review' : 'pass';
}
