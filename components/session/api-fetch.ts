/**
 * Every dashboard API call of the page goes through apiFetch: the session token as `Authorization:
 * Bearer` (session-token.ts), no cookies, never cached. postNdjson is the POST of the routes that
 * answer NDJSON (audits, exercises, "Your servers" batches).
 */
import type { ZodType } from 'zod';
import { ProblemError } from '@/lib/core/problems';
import { readNdjson, type NdjsonHandlers } from '@/components/ui/read-ndjson';
import { problemFromResponse } from './problem-from-response';
import { authHeaders } from './session-token';

/** A dashboard API call: the bearer token (before the call's own headers), no cookies, never cached. */
export function apiFetch(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(path, {
    ...init,
    credentials: 'omit',
    cache: 'no-store',
    headers: { ...authHeaders(), ...init.headers },
  });
}

/**
 * POSTs `body` (as JSON) to a dashboard route that answers NDJSON and reads the answer as it streams.
 * Rejects with ProblemError for an HTTP failure or an answer without a body, and with the fetch error
 * for a network failure or an abort.
 */
export async function postNdjson<Event>(
  path: string,
  body: unknown,
  signal: AbortSignal,
  schema: ZodType<Event>,
  handlers: NdjsonHandlers<Event>,
): Promise<void> {
  const response = await apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw ProblemError.from(await problemFromResponse(response));
  if (response.body === null) {
    throw new ProblemError('bad-answer', 'The dashboard answered without a body.', {
      hint: 'Try again; if it repeats, restart the dashboard.',
    });
  }
  await readNdjson(response.body, schema, handlers);
}
