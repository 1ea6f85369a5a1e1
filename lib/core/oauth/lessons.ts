/**
 * The article's three lessons about a hosted server, one sentence each: who issues tokens, how
 * many scopes, what the transport accepts. Derived from the report's facts, never from findings.
 */
import { siteOf } from './hosts';
import type { AuthorizationServer, OAuthEvidence } from './schemas';

export function describeIssuers(
  servers: readonly AuthorizationServer[],
  resourceHost: string,
  used: boolean,
  initStatus: number | null,
): string {
  if (initStatus !== null && initStatus >= 200 && initStatus < 300)
    return 'Nobody: the server answers without authorization.';
  if (!used) return 'Unknown: no usable protected-resource metadata names an authorization server.';
  if (servers.length === 0) return 'Nobody is named as authorization server.';
  const site = siteOf(resourceHost);
  return servers
    .map(({ issuer }) => {
      try {
        const issuerHost = new URL(issuer).hostname;
        return siteOf(issuerHost) === site
          ? `Tokens are issued by ${issuerHost}, on the server's own domain (${site}).`
          : `Tokens are issued by ${issuerHost}, a different domain from ${resourceHost}: do you recognise ${siteOf(issuerHost)}?`;
      } catch {
        return `The authorization server "${issuer}" is not a URL.`;
      }
    })
    .join(' ');
}

/** offered: what the server offers (scopes_supported, else what a client would ask for); challenged: the 401's scope. */
export function describeScopes(offered: readonly string[], challenged: readonly string[] = []): string {
  const asked =
    challenged.length > 0 && challenged.join(' ') !== offered.join(' ')
      ? ` This request's challenge asks for ${challenged.join(' ')}.`
      : '';
  if (offered.length === 0) return 'No scopes are advertised.';
  if (offered.length === 1)
    return `One scope, ${offered[0] ?? ''}: no partial grant; the agent gets all of it or nothing.${asked}`;
  return `${offered.length} scopes (${offered.join(', ')}): a client can ask for less than everything.${asked}`;
}

export function describeTransport(evidence: Pick<OAuthEvidence, 'initialize' | 'get'>): string {
  const { status } = evidence.get;
  const init = evidence.initialize.status;
  const post = init === null ? 'POST got no answer' : `POST initialize answered ${init}`;
  if (status === 405)
    return `${post}; GET answered 405: a POST-only transport (application/json), as Streamable HTTP allows.`;
  if (status === 200)
    return `${post}; GET answered 200: the server offers an event stream (Streamable HTTP with SSE, or legacy HTTP+SSE).`;
  return `${post}; GET answered ${status === null ? 'nothing' : String(status)}.`;
}
