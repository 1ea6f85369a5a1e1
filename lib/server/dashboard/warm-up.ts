/**
 * What the dashboard loads before its first audit, while it waits for the first request: the
 * audit's module graph (the SDK client, the transports, zod's request schema). Run once per process
 * by GET /api/audit, which lib/server/dashboard/dashboard.ts calls right after it starts listening
 * (in the audit route's own module graph, so the modules loaded are the ones the audit uses).
 */
import { auditRequestSchema } from '../../core/api/audit-request';

let warming: Promise<void> | null = null;

export function warmUpAudits(): Promise<void> {
  warming ??= (async () => {
    // Each step yields to the event loop, so a page request that arrives meanwhile is not held up.
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    auditRequestSchema.safeParse({ transport: 'stdio', command: 'node', args: [] });
    await pause();
    await import('../audit/audit');
    await pause();
  })();
  return warming;
}
