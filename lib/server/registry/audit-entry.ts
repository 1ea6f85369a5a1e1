/**
 * One registry entry audited: its plan's stdio command (the package runtime, with install scripts off
 * and the run's own cache folder) or its remote URL (the listing and the unauthenticated OAuth metadata
 * check; never a sign-in), the entry's server.json compared with the live listing (issue 38's checks,
 * lib/core/server-json/), and the Report made one run row. A failure of any kind is a failed row.
 */
import type { RegistryEntry } from '../../core/registry/entry';
import { rowOfReport, rowWithoutAudit } from '../../core/registry/row-of-report';
import type { RunRow } from '../../core/registry/row';
import type { EntryPlan } from '../../core/registry/targets';
import { runAudit } from '../audit/audit';
import type { AuditTargetSpec } from '../target-spec';
import { problemOf } from '../errors';

export interface EntryAuditOptions {
  timeoutMs: number;
  /** Where npm and uv keep what they download for this run. */
  cacheDir: string;
  callerEnv: Readonly<Record<string, string | undefined>>;
  shard: string | null;
  signal?: AbortSignal;
}

/**
 * The variables a package runtime is given beyond the allowlist: no install scripts, the run's cache.
 * Set through env(1) in front of the runtime, not as the audit's passed variables: the server.json
 * check (undeclared-variable) compares what the audit passed with what the entry declares, and these
 * are the runtime's, not the server's.
 */
function runtimeEnv(cacheDir: string): string[] {
  return [
    'npm_config_ignore_scripts=true',
    'npm_config_yes=true',
    `npm_config_cache=${cacheDir}/npm`,
    'npm_config_update_notifier=false',
    `UV_CACHE_DIR=${cacheDir}/uv`,
  ];
}

function specOf(plan: Exclude<EntryPlan, { kind: 'not-auditable' }>, cacheDir: string): AuditTargetSpec {
  if (plan.kind === 'remote') return { transport: plan.transport, url: plan.url, headers: {} };
  return { transport: 'stdio', command: 'env', args: [...runtimeEnv(cacheDir), plan.command, ...plan.args], env: [] };
}

/** The entry's row, or null when the run was cancelled while it ran (it is audited again on resume). */
export async function auditEntry(
  entry: RegistryEntry,
  plan: EntryPlan,
  options: EntryAuditOptions,
): Promise<RunRow | null> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  if (plan.kind === 'not-auditable')
    return rowWithoutAudit(
      entry,
      plan,
      { code: 'not-auditable', message: `not auditable here: needs ${plan.needs}` },
      {
        durationMs: 0,
        shard: options.shard,
      },
    );
  try {
    const report = await runAudit(specOf(plan, options.cacheDir), {
      timeoutMs: options.timeoutMs,
      callerEnv: options.callerEnv,
      listenMs: 0,
      ...(entry.kind === 'server'
        ? { serverJson: { location: `registry entry ${entry.key}`, document: entry.server } }
        : {}),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (report.errors[0]?.code === 'cancelled') return null;
    return rowOfReport(entry, plan, report, { durationMs: elapsed(), shard: options.shard });
  } catch (error) {
    if (options.signal?.aborted === true) return null;
    const problem = problemOf(error, 'The audit');
    return rowWithoutAudit(
      entry,
      plan,
      { code: problem.code, message: problem.message },
      {
        durationMs: elapsed(),
        shard: options.shard,
      },
    );
  }
}
