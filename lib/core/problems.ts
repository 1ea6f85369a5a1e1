/**
 * Errors and warnings as data. Every failure an audit can meet has a code, a message that says
 * what happened, and a hint that says what to try. The HTTP status of each code lives here so the
 * CLI, the API and the UI agree.
 */
import { z } from 'zod';

export const PROBLEM_CODES = [
  'bad-input',
  'command-not-found',
  'command-not-executable',
  'spawn-failed',
  'server-exited',
  'timeout',
  'cancelled',
  'connection-failed',
  'tls-error',
  'http-error',
  'protocol-error',
  'invalid-result',
  'too-large',
  'pagination-stopped',
  'stdout-noise',
  'entry-not-object',
  'env-missing',
  'internal',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const problemSchema = z.object({
  code: z.enum(PROBLEM_CODES),
  message: z.string(),
  hint: z.string().optional(),
  /** The audit step at which it happened: spawn, connect, initialize, tools/list page N, ... */
  step: z.string().optional(),
  /** Environment variables the server's stderr says are missing (stderr.ts): data for a one-click fix. */
  missingEnv: z.array(z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** HTTP status for an audit that failed with this code (the API's answer to a failed audit). */
export function problemStatus(code: ProblemCode): number {
  switch (code) {
    case 'bad-input':
      return 400;
    case 'timeout':
      return 504;
    case 'cancelled':
      return 499;
    case 'internal':
      return 500;
    default:
      return 502;
  }
}
