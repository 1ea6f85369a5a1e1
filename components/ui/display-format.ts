/** Number and time formatting for the dashboard (counts and byte sizes: lib/core, shared with the CLI). */
import { formatCount } from '@/lib/core/count';

export { formatCount };

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A report's ISO time as "YYYY-MM-DD HH:MM UTC" (the ISO text itself when it is not one). */
export function formatGeneratedAt(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match === null ? iso : `${match[1] ?? ''} ${match[2] ?? ''} UTC`;
}
