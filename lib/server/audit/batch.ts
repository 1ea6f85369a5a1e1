/**
 * A batch audit: several targets audited with bounded concurrency (default 4), each with its own
 * progress, one AbortSignal cancelling all (running audits end their servers; queued ones never
 * start). A failure is one result with its error, never the end of the batch.
 */
import { DEFAULT_CONCURRENCY, type BatchEvent, type BatchResult } from '../../core/api/batch-request';
import type { Problem } from '../../core/problems';
import { runAudit } from './audit';
import type { AuditOptions } from './audit-options';
import type { AuditTargetSpec } from '../target-spec';
import { Redactor } from '../redact';

export type BatchItem =
  | { id: string; kind: 'target'; spec: AuditTargetSpec; secrets: readonly string[] }
  /** Refused before launch (a value is missing): reported as failed, nothing starts. */
  | { id: string; kind: 'refused'; problem: Problem };

export interface BatchOptions {
  concurrency?: number;
  signal?: AbortSignal;
  onEvent?: (event: BatchEvent) => void;
  /** Options for each audit (timeouts, callerEnv). signal and onProgress are the batch's. */
  audit?: Omit<AuditOptions, 'signal' | 'onProgress'>;
}

function cancelled(id: string): BatchResult {
  return {
    id,
    status: 'cancelled',
    report: null,
    error: { code: 'cancelled', message: 'Cancelled before it started.' },
    durationMs: 0,
  };
}

export async function runBatch(items: readonly BatchItem[], options: BatchOptions = {}): Promise<BatchResult[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const emit = (event: BatchEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A listener's failure is not the batch's.
    }
  };
  const results: BatchResult[] = new Array<BatchResult>(items.length);
  let next = 0;

  const runOne = async (item: BatchItem): Promise<BatchResult> => {
    if (options.signal?.aborted === true) return cancelled(item.id);
    if (item.kind === 'refused')
      return { id: item.id, status: 'failed', report: null, error: item.problem, durationMs: 0 };
    emit({ type: 'started', id: item.id });
    const started = performance.now();
    try {
      const raw = await runAudit(item.spec, {
        ...options.audit,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        onProgress: (event) => {
          emit({ type: 'progress', id: item.id, event: new Redactor(item.secrets).value(event) });
        },
      });
      // Values substituted from the caller's variables (a token in a URL path) are secrets too.
      const report = new Redactor(item.secrets).value(raw);
      const error = report.errors[0] ?? null;
      const status = error?.code === 'cancelled' ? 'cancelled' : error !== null || !report.complete ? 'failed' : 'ok';
      return { id: item.id, status, report, error, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      return {
        id: item.id,
        status: 'failed',
        report: null,
        error: new Redactor(item.secrets).value({
          code: 'internal',
          message: `The audit failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        }),
        durationMs: Math.round(performance.now() - started),
      };
    }
  };

  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item === undefined) continue;
      const result = await runOne(item);
      results[index] = result;
      emit({ type: 'result', result });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  const count = (status: BatchResult['status']): number => results.filter((r) => r.status === status).length;
  emit({ type: 'done', ok: count('ok'), failed: count('failed'), cancelled: count('cancelled') });
  return results;
}
