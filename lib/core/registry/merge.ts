/**
 * `registry merge`: the rows of one or many run files (the shards of one run) joined into one report:
 * the summary, every server's row (one per key, sorted by key, whichever file it came from), and what
 * changed since a previous report (new servers, new versions, changed surfaces by digest, servers gone).
 * Pure: the same rows in any order give the same report, so N shards merge to what one machine writes.
 */
import { z } from 'zod';
import { SEVERITIES, type Severity } from '../severity';
import { compareUtf16 } from '../contract/canonical-json';
import { countsOf, runRowSchema, VERDICTS, type RunRow, type Verdict } from './row';

export const REGISTRY_REPORT_FORMAT = 'mcp-hintcheck/registry-report@1';

const changesSchema = z.object({
  /** Whether a previous report was given (without one, every server is new and nothing else is said). */
  compared: z.boolean(),
  newServers: z.array(z.string()),
  newVersions: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  changedSurfaces: z.array(z.object({ name: z.string(), version: z.string(), from: z.string(), to: z.string() })),
  gone: z.array(z.string()),
});
export type RegistryChanges = z.infer<typeof changesSchema>;

const severityCounts = z.object(
  Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()])) as Record<Severity, z.ZodNumber>,
);

export const registryReportSchema = z.object({
  format: z.literal(REGISTRY_REPORT_FORMAT),
  generator: z.object({ name: z.string(), version: z.string() }),
  generatedAt: z.string(),
  summary: z.object({
    servers: z.number().int(),
    ok: z.number().int(),
    failed: z.number().int(),
    notAuditable: z.number().int(),
    verdicts: z.object(Object.fromEntries(VERDICTS.map((v) => [v, z.number().int()])) as Record<Verdict, z.ZodNumber>),
    findings: severityCounts,
    /** Keys that more than one row carried (two shards, or a file given twice): kept once. */
    repeatedKeys: z.array(z.string()),
  }),
  servers: z.array(runRowSchema),
  changes: changesSchema,
});
export type RegistryReport = z.infer<typeof registryReportSchema>;

/** One row per key: a finished audit (ok) wins over a failed one; among equals, the later row. */
function distinctRows(rows: readonly RunRow[]): { rows: RunRow[]; repeated: string[] } {
  const byKey = new Map<string, RunRow>();
  const repeated = new Set<string>();
  for (const row of rows) {
    const held = byKey.get(row.key);
    if (held !== undefined) repeated.add(row.key);
    if (held === undefined || row.status === 'ok' || held.status !== 'ok') byKey.set(row.key, row);
  }
  const sorted = [...byKey.values()].sort((a, b) => compareUtf16(a.key, b.key));
  return { rows: sorted, repeated: [...repeated].sort(compareUtf16) };
}

/** The latest row of each server name (by key order: the last version listed, as the registry sorts them). */
function byName(
  rows: readonly Pick<RunRow, 'name' | 'version' | 'digest'>[],
): Map<string, Pick<RunRow, 'name' | 'version' | 'digest'>> {
  return new Map(rows.map((row) => [row.name, row]));
}

export function changesSince(rows: readonly RunRow[], previous: RegistryReport | null): RegistryChanges {
  const now = byName(rows);
  if (previous === null)
    return { compared: false, newServers: [...now.keys()], newVersions: [], changedSurfaces: [], gone: [] };
  const before = byName(previous.servers);
  const changes: RegistryChanges = { compared: true, newServers: [], newVersions: [], changedSurfaces: [], gone: [] };
  for (const [name, row] of now) {
    const old = before.get(name);
    if (old === undefined) changes.newServers.push(name);
    else {
      if (old.version !== row.version) changes.newVersions.push({ name, from: old.version, to: row.version });
      if (old.digest !== null && row.digest !== null && old.digest !== row.digest)
        changes.changedSurfaces.push({ name, version: row.version, from: old.digest, to: row.digest });
    }
  }
  changes.gone = [...before.keys()].filter((name) => !now.has(name));
  return changes;
}

export function mergeRuns(
  rows: readonly RunRow[],
  options: { generator: { name: string; version: string }; generatedAt: string; previous?: RegistryReport | null },
): RegistryReport {
  const { rows: servers, repeated } = distinctRows(rows);
  const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const row of servers) verdicts[row.verdict] += 1;
  const count = (status: RunRow['status']): number => servers.filter((row) => row.status === status).length;
  return {
    format: REGISTRY_REPORT_FORMAT,
    generator: options.generator,
    generatedAt: options.generatedAt,
    summary: {
      servers: servers.length,
      ok: count('ok'),
      failed: count('failed'),
      notAuditable: count('not-auditable'),
      verdicts,
      findings: countsOf(servers.flatMap((row) => row.findings)),
      repeatedKeys: repeated,
    },
    servers,
    changes: changesSince(servers, options.previous ?? null),
  };
}
