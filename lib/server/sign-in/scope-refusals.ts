/**
 * Watches an audit's HTTP requests for 403 insufficient_scope refusals (MCP authorization spec
 * 2025-11-25, "Scope Challenge Handling"; RFC 6750 §3.1): a fetch wrapper that keeps the first
 * refusal, with the JSON-RPC method of the request and the scopes its challenge named. Nothing else
 * of the request or answer is kept (no header, no token).
 */
import { insufficientScope } from '../../core/oauth/step-up';

export interface ScopeRefusal {
  method: string | null;
  neededScopes: string[];
}

/** The JSON-RPC method of a request body we sent, or null. */
function methodOf(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const method = (parsed as { method?: unknown } | null)?.method;
    return typeof method === 'string' ? method.slice(0, 100) : null;
  } catch {
    return null;
  }
}

export function watchScopeRefusals(base: typeof fetch = fetch): {
  fetch: typeof fetch;
  first: () => ScopeRefusal | null;
} {
  let refusal: ScopeRefusal | null = null;
  const watched: typeof fetch = async (input, init) => {
    const response = await base(input, init);
    const needed = insufficientScope(response.status, response.headers.get('www-authenticate'));
    if (needed !== null && refusal === null) refusal = { method: methodOf(init?.body), neededScopes: needed };
    return response;
  };
  return { fetch: watched, first: () => refusal };
}
