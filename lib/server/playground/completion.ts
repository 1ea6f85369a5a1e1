/**
 * Argument completion in the playground (issue 49; MCP 2025-11-25 "Completion"): completion/complete
 * for a prompt's argument (ref/prompt) or a resource template's variable (ref/resource, the template
 * as listed), with the arguments already filled in as context. Sent only when the server declared
 * `completions`; its answer is read raw and reshaped: at most MAX_COMPLETION_VALUES strings (anything
 * else dropped), `total` and `hasMore` when given. An error or a timeout is a clear problem.
 */
import { isRecord } from '../../core/is-record';
import {
  MAX_COMPLETION_VALUES,
  type PlaygroundComplete,
  type PlaygroundCompletion,
  type PlaygroundFeatures,
} from '../../core/playground/conveniences';
import { AuditError } from '../errors';
import { cleanText } from '../exercise/calls';
import type { ExerciseSession } from '../exercise/session';

/** A completion answers as the user types: a slow one is dropped, not waited for. */
export const COMPLETE_TIMEOUT_MS = 10_000;

/** The server's answer as the playground shows it (values cut to the spec's cap, non-strings dropped). */
export function completionOf(result: unknown): PlaygroundCompletion {
  const completion = isRecord(result) && isRecord(result.completion) ? result.completion : {};
  const values = Array.isArray(completion.values)
    ? completion.values.filter((value): value is string => typeof value === 'string')
    : [];
  const total = completion.total;
  return {
    values: values.slice(0, MAX_COMPLETION_VALUES),
    total: typeof total === 'number' && Number.isInteger(total) ? total : null,
    hasMore: completion.hasMore === true || values.length > MAX_COMPLETION_VALUES,
  };
}

/** completion/complete, or the problem: not declared (bad-input), an error or no answer (protocol-error, timeout, server-exited). */
export async function completeArgument(
  session: ExerciseSession,
  features: PlaygroundFeatures,
  request: PlaygroundComplete,
): Promise<PlaygroundCompletion> {
  if (!features.completions)
    throw new AuditError('bad-input', 'This server does not declare completions: it offers no argument completion.', {
      hint: 'Type the value; completion needs the server’s `completions` capability.',
    });
  const answer = await session.request(
    'completion/complete',
    {
      ref: request.ref,
      argument: request.argument,
      ...(request.context === undefined ? {} : { context: request.context }),
    },
    COMPLETE_TIMEOUT_MS,
  );
  if (answer.kind === 'result') return completionOf(answer.result);
  if (answer.kind === 'timeout')
    throw new AuditError(
      'timeout',
      `The server did not answer completion/complete in ${COMPLETE_TIMEOUT_MS / 1000} s.`,
      {
        hint: 'Type the value instead.',
      },
    );
  if (answer.kind === 'error')
    throw new AuditError('protocol-error', `The server refused completion/complete: ${cleanText(answer.message)}`, {
      hint: 'Type the value instead.',
    });
  throw new AuditError('server-exited', 'The server is gone: completion/complete had no answer.', {
    hint: 'Start a new session.',
  });
}
