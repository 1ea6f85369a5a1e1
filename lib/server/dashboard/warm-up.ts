/**
 * What the dashboard loads before its first audit, while it waits for the first request: the
 * audit's module graph (the SDK client, the transports, zod's wire schemas), the report's code run on
 * a sample listing (lib/server/audit/analysis-warmup.ts), the token estimator's
 * encoder (o200k_base, its table loaded) and the history file. Run once per process by GET
 * /api/audit, which lib/server/dashboard/dashboard.ts calls right after it starts listening (in the
 * audit route's own module graph, so the instances warmed are the ones the audit uses). Without it, the
 * first audit after a start paid for all of this (docs/benchmarks.md, "Dashboard start").
 */
import { auditRequestSchema } from '../../core/audit-request';
import { dashboardHistory } from '../history/dashboard-history';

let warming: Promise<void> | null = null;

export function warmUpAudits(): Promise<void> {
  warming ??= (async () => {
    // Each step yields to the event loop, so a page request that arrives meanwhile is not held up.
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    auditRequestSchema.safeParse({ transport: 'stdio', command: 'node', args: [] });
    await pause();
    await import('../audit/audit');
    await pause();
    // The report's code, on a sample listing (each audit also does this in its idle time, once per process).
    (await import('../audit/analysis-warmup')).warmAnalysis();
    await pause();
    const tokens = await import('../../core/token-cost');
    tokens.countTokens('warm up');
    await pause();
    try {
      dashboardHistory();
    } catch {
      // A history that cannot be opened is reported by the first audit that saves, as before.
    }
  })();
  return warming;
}
