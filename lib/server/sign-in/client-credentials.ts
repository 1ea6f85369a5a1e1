/**
 * A machine client's sign-in: the OAuth client credentials grant (RFC 6749 §4.4), as the approved
 * MCP extension io.modelcontextprotocol/oauth-client-credentials describes it. No browser, no
 * redirect: a client registered in advance authenticates at the token endpoint with its secret
 * (client_secret_basic or client_secret_post, as the metadata allows: the official SDK's
 * ClientCredentialsProvider and fetchToken choose), asking for the scopes and the `resource`
 * (RFC 8707) as the code flow does. Which authorization server to trust is the OAuth check's verdict
 * (lib/core/oauth/sign-in.ts, chooseClientCredentialsServer); every request goes through the SSRF guard.
 *
 * The secret lives in this call only: never logged, never in a message (errors pass a Redactor that
 * knows it), never in the SignedIn it returns.
 */
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { fetchToken } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { isLoopbackHost } from '../../core/oauth/hosts';
import type { OAuthReport } from '../../core/oauth/schemas';
import { chooseClientCredentialsServer, chooseScopes, grantedScopes } from '../../core/oauth/sign-in';
import { PRODUCT_NAME } from '../../core/product';
import { AuditError } from '../errors';
import type { GuardedFetchOptions } from '../mcp/guarded-fetch';
import { Redactor } from '../redact';
import type { SignedIn, SignInOptions } from './flow';
import { guardedFetchLike } from './guarded-fetch-like';

export interface ClientCredentialsOptions {
  clientId: string;
  /** From an environment variable or a file, never the command line. */
  clientSecret: string;
  scopes?: readonly string[] | null;
  stepUpScopes?: readonly string[] | null;
  fetch?: SignInOptions['fetch'];
}

function failure(message: string): AuditError {
  return new AuditError('sign-in-failed', message);
}

/** Gets a token with the client's own credentials; the SignedIn holds no secret and no refresh token. */
export async function signInWithClientCredentials(
  oauth: OAuthReport,
  target: string,
  options: ClientCredentialsOptions,
): Promise<SignedIn> {
  const server = chooseClientCredentialsServer(oauth);
  if (!server.ok) throw failure(server.reason);
  const scopes =
    options.stepUpScopes != null
      ? { ok: true as const, value: [...options.stepUpScopes] }
      : chooseScopes(oauth, options.scopes ?? null);
  if (!scopes.ok) throw failure(scopes.reason);
  const metadata = OAuthMetadataSchema.safeParse(server.value.metadata);
  if (!metadata.success)
    throw failure(`The metadata of ${server.value.issuer} is not usable: ${metadata.error.message.slice(0, 300)}`);
  const fetchOptions: GuardedFetchOptions = {
    ...options.fetch,
    allowLoopback: isLoopbackHost(new URL(target).hostname),
  };
  const declared = (oauth.protectedResource.document as { resource?: unknown } | null)?.resource;
  const resource = typeof declared === 'string' ? declared : target;
  const scope = scopes.value.join(' ');
  const provider = new ClientCredentialsProvider({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    expectedIssuer: server.value.issuer,
    clientName: PRODUCT_NAME,
    ...(scope === '' ? {} : { scope }),
  });
  let tokens;
  try {
    tokens = await fetchToken(provider, server.value.issuer, {
      metadata: metadata.data,
      resource: new URL(resource),
      fetchFn: guardedFetchLike(fetchOptions),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw failure(
      `The client credentials token request to ${server.value.issuer} failed: ${new Redactor([options.clientSecret]).text(message).slice(0, 500)}`,
    );
  }
  if (tokens.token_type.toLowerCase() !== 'bearer')
    throw failure(`The authorization server issued a ${tokens.token_type.slice(0, 40)} token, not a Bearer token.`);
  return {
    resource,
    issuer: server.value.issuer,
    accessToken: tokens.access_token,
    refreshToken: null,
    expiresAt: tokens.expires_in === undefined ? null : Date.now() + tokens.expires_in * 1000,
    clientIdentity: 'typed',
    grant: 'client_credentials',
    scopesRequested: scopes.value,
    scopesGranted: grantedScopes(tokens.scope, scopes.value),
    // No refresh: a new token is one more request with the same credentials (the caller signs in again).
    refresh: {
      metadata: metadata.data,
      clientInformation: { client_id: options.clientId },
      fetch: fetchOptions,
      issuer: server.value.issuer,
      resource,
    },
  };
}
