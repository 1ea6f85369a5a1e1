/**
 * The server layer's throwable: lib/core's ProblemError (one Problem type from server to page),
 * named AuditError here where an audit step fails, and the one too-large error.
 */
import { formatBytes } from '../core/bytes';
import { ProblemError } from '../core/problems';

/** The one error type of the server layer: a ProblemError, so every failure maps the same way everywhere. */
export { ProblemError as AuditError } from '../core/problems';

/** One message or response above the byte cap: memory stays bounded, the audit says why it stopped. */
export function tooLargeError(what: 'message' | 'response', maxBytes: number): ProblemError {
  return new ProblemError('too-large', `The server sent a ${what} larger than ${formatBytes(maxBytes)}.`, {
    hint: 'If the server really lists that much, raise the cap with --max-bytes.',
  });
}
