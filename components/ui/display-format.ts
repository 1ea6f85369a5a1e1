/** Number and time formatting for the dashboard (counts, byte sizes and audit times: lib/core, shared with the CLI). */
import { formatAuditTime } from '@/lib/core/audit-time';
import { formatCount } from '@/lib/core/count';

/** An audit's time: one rule, in UTC (lib/core/audit-time.ts). */
export { formatAuditTime, formatCount };

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
