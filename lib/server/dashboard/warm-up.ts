/**
 * What the dashboard loads before its first audit, while it waits for the first request: the
 * audit's module graph (the SDK client, the transports, zod's wire schemas), the report's code run on
 * a sample listing (lib/server/audit/analysis-warmup.ts), the SDK's wire schemas of both eras and its
 * client's handshake run against a stand-in (lib/server/mcp/schema-warmup.ts), the token estimator's
 * table (o200k_base) and the history file. Run once per process by GET /api/audit, which
 * lib/server/dashboard/dashboard.ts calls right after it starts listening (in the audit route's own
 * module graph, so the instances warmed are the ones the audit uses). With the module graph alone,
 * the first demo audit took 1.18-1.40x the warm one; with the schemas too, 0.99-1.27x
 * (`node bench/dashboard.mjs`, docs/benchmarks.md, "Issue 25: the first audit").
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
    const analysis = await import('../audit/analysis-warmup');
    analysis.warmAnalysis();
    await pause();
    // The SDK's wire schemas of both eras, and its client's handshake and list code run once against a
    // stand-in in this process: nothing else runs here yet, so nothing is slowed (the CLI builds them
    // later, beside a server's boot, schema-warmup.ts).
    const schemas = await import('../mcp/schema-warmup');
    schemas.warmBothEras();
    await pause();
    await schemas.warm2025Schemas().catch(() => undefined);
    await pause();
    // The token estimator's table. Counting the sample too did not shorten the first audit's
    // counting (10-16 ms, node --cpu-prof): that is its merge cache filling with the server's words.
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
