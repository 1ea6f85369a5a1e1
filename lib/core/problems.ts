/**
 * Errors and warnings as data, from the server to the page. Every failure has a code from one
 * closed list, a message that says what happened, and a hint that says what to try. The HTTP
 * status of each code lives here so the CLI, the API and the UI agree; ProblemError is the one
 * throwable that carries a Problem (the server layer calls it AuditError).
 */

export const PROBLEM_CODES = [
  // An audit: what the server or its process did.
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
  /** One list (prompts, resources, templates) failed; the rest of the report stands. */
  'list-failed',
  /** The official SDK's strict schema rejects a list the auditor still read raw. */
  'sdk-rejects-list',
  'sign-in-failed',
  /** audit --exercise on a machine without a usable sandbox (bubblewrap, strace, user namespaces). */
  'sandbox-unavailable',
  'internal',
  // The dashboard's API: a request it refuses.
  'busy',
  'request-too-large',
  'unsupported-media-type',
  'bad-host',
  'bad-origin',
  'token-in-query',
  'unauthorized',
  'method-not-allowed',
  // The playground's sessions (issue 37): none by that id, a call already in flight, ended.
  'session-not-found',
  'session-busy',
  'session-ended',
  // The page: the dashboard itself could not be reached or answered something unreadable.
  'network',
  'stream-ended',
  'bad-answer',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** One problem: what happened, in words, and what to try. Its zod schema is in problem-schema.ts. */
export interface Problem {
  code: ProblemCode;
  message: string;
  hint?: string | undefined;
  /** The audit step at which it happened: spawn, connect, initialize, tools/list page N, ... */
  step?: string | undefined;
  /** Environment variables the server's stderr says are missing (stderr.ts): data for a one-click fix. */
  missingEnv?: string[] | undefined;
}

/** The HTTP status of an answer carrying this problem (an API refusal, or an audit that failed with it). */
export function problemStatus(code: ProblemCode): number {
  switch (code) {
    case 'bad-input':
    case 'token-in-query':
      return 400;
    case 'unauthorized':
      return 401;
    case 'bad-origin':
      return 403;
    case 'method-not-allowed':
      return 405;
    case 'session-not-found':
      return 404;
    case 'session-busy':
      return 409;
    case 'session-ended':
      return 410;
    case 'request-too-large':
      return 413;
    case 'unsupported-media-type':
      return 415;
    case 'bad-host':
      return 421;
    case 'busy':
      return 429;
    case 'cancelled':
      return 499;
    case 'internal':
      return 500;
    case 'sandbox-unavailable':
      return 501;
    case 'timeout':
      return 504;
    default:
      return 502;
  }
}

/** A Problem as a throwable, for code paths that fail by throwing; toProblem() gives the data back. */
export class ProblemError extends Error {
  readonly code: ProblemCode;
  readonly hint: string | undefined;
  readonly step: string | undefined;

  constructor(code: ProblemCode, message: string, options: { hint?: string; step?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProblemError';
    this.code = code;
    this.hint = options.hint;
    this.step = options.step;
  }

  static from(problem: Problem): ProblemError {
    return new ProblemError(problem.code, problem.message, {
      ...(problem.hint === undefined ? {} : { hint: problem.hint }),
      ...(problem.step === undefined ? {} : { step: problem.step }),
    });
  }

  toProblem(): Problem {
    const problem: Problem = { code: this.code, message: this.message };
    if (this.hint !== undefined) problem.hint = this.hint;
    if (this.step !== undefined) problem.step = this.step;
    return problem;
  }
}
