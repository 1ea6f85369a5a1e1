/**
 * A registry run: read the entries, keep one per key and the shard's share, skip what the run file
 * already holds, then audit the rest N at a time, appending each row as it ends. Cancelling stops new
 * audits and ends the running ones; their rows are not written, so a re-run audits them.
 */
import { distinctEntries, type RegistryEntry } from '../../core/registry/entry';
import type { RunRow } from '../../core/registry/row';
import { inShard, type Shard } from '../../core/registry/shard';
import { planEntry, type PackageRunners, type Runtime } from '../../core/registry/targets';
import { auditEntry } from './audit-entry';
import { readRunFile, RunFile } from './run-file';

export interface RegistryRunOptions {
  runFile: string;
  concurrency: number;
  timeoutMs: number;
  shard: Shard | null;
  runners: PackageRunners;
  runtimes: ReadonlySet<Runtime>;
  cacheDir: string;
  callerEnv: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
  /** Called once the work is known: how many entries this run owns and how many the run file holds. */
  onPlanned?: (planned: { total: number; skipped: number; repeats: number }) => void;
  onRow?: (row: RunRow) => void;
}

export interface RegistryRunResult {
  total: number;
  skipped: number;
  repeats: number;
  written: RunRow[];
}

export async function runRegistry(
  all: readonly RegistryEntry[],
  options: RegistryRunOptions,
): Promise<RegistryRunResult> {
  const { entries, repeats } = distinctEntries(all);
  const mine = entries.filter((entry) => inShard(entry, options.shard));
  const done = new Set(readRunFile(options.runFile).rows.map((row) => row.key));
  const todo = mine.filter((entry) => !done.has(entry.key));
  const skipped = mine.length - todo.length;
  options.onPlanned?.({ total: mine.length, skipped, repeats });
  const file = new RunFile(options.runFile);
  const shard = options.shard === null ? null : `${options.shard.index}/${options.shard.count}`;
  const written: RunRow[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length && options.signal?.aborted !== true) {
      const entry = todo[next++];
      if (entry === undefined) continue;
      const row = await auditEntry(entry, planEntry(entry, options.runtimes, options.runners), {
        timeoutMs: options.timeoutMs,
        cacheDir: options.cacheDir,
        callerEnv: options.callerEnv,
        shard,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      if (row === null) continue;
      file.append(row);
      written.push(row);
      try {
        options.onRow?.(row);
      } catch {
        // A listener's failure is not the run's.
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, todo.length)) }, worker));
  } finally {
    file.close();
  }
  return { total: mine.length, skipped, repeats, written };
}
