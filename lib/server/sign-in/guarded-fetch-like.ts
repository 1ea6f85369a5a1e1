/**
 * The SSRF guard (guarded-fetch.ts) in the shape of fetch, for the official SDK's OAuth client
 * functions (their `fetchFn` option): every registration and token request the SDK makes is
 * resolved, checked, pinned and capped like any URL taken from a server's document.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { guardedFetch, type GuardedFetchOptions } from '../mcp/guarded-fetch';

/** Thrown for a refused or failed request: its kind (blocked, timeout, ...) and a message without secrets. */
export class GuardedFetchError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new GuardedFetchError('bad-request', 'Only text and form bodies are sent by the sign-in.');
}

export function guardedFetchLike(options: GuardedFetchOptions): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST')
      throw new GuardedFetchError('bad-request', `The sign-in does not send ${method} requests.`);
    const body = bodyText(init?.body);
    const result = await guardedFetch(String(url), {
      ...options,
      method,
      headers: headerRecord(init?.headers),
      ...(body === undefined ? {} : { body }),
      ...(init?.signal === undefined || init.signal === null ? {} : { signal: init.signal }),
    });
    if (!result.ok) throw new GuardedFetchError(result.error.kind, result.error.message);
    return new Response(result.status === 204 || result.status === 304 ? null : result.body, {
      status: result.status,
      headers: result.contentType === null ? {} : { 'content-type': result.contentType },
    });
  };
}
