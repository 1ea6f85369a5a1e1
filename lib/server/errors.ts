/**
 * The one error type of the server layer. Its code comes from lib/core/problems.ts so every
 * failure maps to a message, a hint and an HTTP status the same way everywhere.
 */
import type { Problem, ProblemCode } from '../core/problems';
import { formatBytes } from '../core/bytes';

export class AuditError extends Error {
  readonly code: ProblemCode;
  readonly hint: string | undefined;
  readonly step: string | undefined;

  constructor(code: ProblemCode, message: string, options: { hint?: string; step?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AuditError';
    this.code = code;
    this.hint = options.hint;
    this.step = options.step;
  }

  toProblem(): Problem {
    const problem: Problem = { code: this.code, message: this.message };
    if (this.hint !== undefined) problem.hint = this.hint;
    if (this.step !== undefined) problem.step = this.step;
    return problem;
  }
}

/** One message or response above the byte cap: memory stays bounded, the audit says why it stopped. */
export function tooLargeError(what: 'message' | 'response', maxBytes: number): AuditError {
  return new AuditError('too-large', `The server sent a ${what} larger than ${formatBytes(maxBytes)}.`, {
    hint: 'If the server really lists that much, raise the cap with --max-bytes.',
  });
}
