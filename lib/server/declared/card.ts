/**
 * The server card a hosted server serves (SEP-2127, experimental extension): the draft's place, the
 * MCP endpoint followed by `/server-card`, then the earlier well-known place
 * `/.well-known/mcp/server-card.json`. Every request goes through the SSRF guard (guarded-fetch.ts:
 * loopback only when the audited URL is loopback, 5 s, 256 KiB); the first 200 answer that is a JSON
 * object wins. A server without a card is not a finding: cards are optional.
 */
import { isLoopbackHost } from '../../core/oauth/hosts';
import { isRecord } from '../../core/is-record';
import { declarationOf } from '../../core/declared/section';
import type { Declaration } from '../../core/server-json/input';
import { guardedFetch } from '../mcp/guarded-fetch';

export const CARD_MAX_BYTES = 256 * 1024;

/** Where a card for this MCP endpoint may be, in the order they are tried. */
export function cardLocations(endpoint: string): string[] {
  const url = new URL(endpoint);
  url.search = '';
  url.hash = '';
  const base = url.toString().replace(/\/+$/, '');
  return [`${base}/server-card`, new URL('/.well-known/mcp/server-card.json', url).toString()];
}

export async function fetchCard(
  endpoint: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Declaration | null> {
  const allowLoopback = isLoopbackHost(new URL(endpoint).hostname);
  for (const location of cardLocations(endpoint)) {
    const answer = await guardedFetch(location, {
      allowLoopback,
      maxBytes: CARD_MAX_BYTES,
      maxRedirects: 2,
      timeoutMs: options.timeoutMs ?? 5000,
      headers: { Accept: 'application/json' },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (!answer.ok || answer.status !== 200) continue;
    let document: unknown;
    try {
      document = JSON.parse(answer.body);
    } catch {
      continue;
    }
    if (isRecord(document)) return declarationOf('card', location, document);
  }
  return null;
}
