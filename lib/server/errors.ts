/**
 * The server layer's throwable: lib/core's ProblemError (one Problem type from server to page),
 * named AuditError here where an audit step fails, and the one too-large error.
 */
import { formatBytes } from '../core/bytes';
import { ProblemError, type Problem } from '../core/problems';

/** The one error type of the server layer: a ProblemError, so every failure maps the same way everywhere. */
export { ProblemError as AuditError } from '../core/problems';

/** One message or response above the byte cap: memory stays bounded, the audit says why it stopped. */
export function tooLargeError(what: 'message' | 'response', maxBytes: number): ProblemError {
  return new ProblemError('too-large', `The server sent a ${what} larger than ${formatBytes(maxBytes)}.`, {
    hint: 'If the server really lists that much, raise the cap with --max-bytes.',
  });
}

/** A failure as its problem: an AuditError's own, anything else an internal one that says what failed. */
export function problemOf(error: unknown, what: string): Problem {
  if (error instanceof ProblemError) return error.toProblem();
  return {
    code: 'internal',
    message: `${what} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
  };
}
