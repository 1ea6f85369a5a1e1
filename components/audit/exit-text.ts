/**
 * The "Exit" fact of a failed audit: how the server's process ended. A process that never got a pid
 * never ran, so it did not exit and the audit did not stop it: it says so, with the reason (the
 * audit's first error, "spawn nosuch ENOENT").
 */
import type { ProcessFacts } from '@/lib/core/report/report';

export function exitText(process: Pick<ProcessFacts, 'pid' | 'exitCode' | 'signal'>, reason: string | null): string {
  if (process.pid === null) return `Did not start: ${reason ?? 'the command could not be run'}`;
  if (process.signal !== null) return `killed by ${process.signal}`;
  if (process.exitCode !== null) return `exit code ${String(process.exitCode)}`;
  return 'stopped by the audit';
}
