/**
 * The rules of signing in to a protected MCP server (MCP authorization spec 2025-11-25 and
 * 2026-07-28; OAuth 2.1 authorization code with PKCE S256; RFC 8707 resource indicators; RFC 9207
 * issuer identification): which authorization server to use and whether the check allows it, how
 * the client gets an identity, which scopes to ask for, and whether a redirect back completes the
 * flow. Pure: lib/server/sign-in/ does the requests (with the official SDK's OAuth client code).
 */
import { z } from 'zod';
import type { Choice } from './choice';
import { offersClientCredentials } from './grants';
import { stringsOf } from './json-document';
import { callProbeSchema } from './call-probe';
import { stepUpSchema } from './step-up';
import type { OAuthReport, RegistrationKind } from './schemas';

/** How this client identified itself to the authorization server. */
export const CLIENT_IDENTITIES = ['client-id-metadata', 'dynamic', 'typed'] as const;
export type ClientIdentity = (typeof CLIENT_IDENTITIES)[number];

/** How the token was obtained: a person's consent (code with PKCE) or a machine client's own credentials. */
export const SIGN_IN_GRANTS = ['authorization_code', 'client_credentials'] as const;
export type SignInGrant = (typeof SIGN_IN_GRANTS)[number];

/** What a Report records about a signed-in audit. Never a token, a code or a secret. */
export const signInFactsSchema = z.object({
  authenticated: z.boolean(),
  issuer: z.string(),
  clientIdentity: z.enum(CLIENT_IDENTITIES),
  /** Reports saved before client credentials existed were signed in with a code. */
  grant: z.enum(SIGN_IN_GRANTS).default('authorization_code'),
  scopesRequested: z.array(z.string()),
  /** The token response's scope; when it has none, RFC 6749 §5.1 says the requested scopes were granted. */
  scopesGranted: z.array(z.string()),
  /** How many tools the server listed without a token (null when it refused). */
  anonymousToolCount: z.number().int().nullable(),
  /** Requests refused for insufficient scope, and the sign-ins for wider scopes they led to (step-up.ts). */
  stepUps: z.array(stepUpSchema).default([]),
  /** The deliberate tools/call for a made-up tool name (call-probe.ts), or null when not sent. */
  callProbe: callProbeSchema.nullable().default(null),
});
export type SignInFacts = z.infer<typeof signInFactsSchema>;

/** An authorization server the check found usable for signing in. */
export interface SignInServer {
  issuer: string;
  metadata: Record<string, unknown>;
  registration: RegistrationKind;
}

const BLOCKING_FINDINGS = new Set([
  'prm-resource-mismatch',
  'as-issuer-mismatch',
  'as-pkce-missing',
  'as-pkce-no-s256',
  'as-not-https',
  'metadata-url-shell',
  'metadata-url-credentials',
  'ssrf-blocked',
]);

/**
 * The authorization server to sign in with (found through protected-resource metadata, or through
 * the 2025-03-26 fallbacks when the server has none): the first one whose metadata the check used, that
 * publishes PKCE S256 and HTTPS endpoints (MCP clients must refuse otherwise). Findings that say a
 * document must not be used, or points somewhere refused, stop the sign-in with their message.
 */
export function chooseSignInServer(oauth: OAuthReport): Choice<SignInServer> {
  const legacy = oauth.discovery === 'origin-metadata' || oauth.discovery === 'default-endpoints';
  if (!oauth.protectedResource.used && !legacy)
    return { ok: false, reason: 'No usable protected-resource metadata names an authorization server.' };
  const blocking = oauth.findings.find((finding) => BLOCKING_FINDINGS.has(finding.id));
  if (blocking !== undefined) return { ok: false, reason: `Not signing in: ${blocking.message}` };
  for (const server of oauth.authorizationServers) {
    const doc = server.document;
    if (server.registration === null || typeof doc !== 'object' || doc === null || Array.isArray(doc)) continue;
    const metadata = doc as Record<string, unknown>;
    if (!stringsOf(metadata.code_challenge_methods_supported).includes('S256')) continue;
    if (typeof metadata.authorization_endpoint !== 'string' || typeof metadata.token_endpoint !== 'string') continue;
    return { ok: true, value: { issuer: server.issuer, metadata, registration: server.registration } };
  }
  return {
    ok: false,
    reason: 'No authorization server with usable metadata (PKCE S256, authorization and token endpoints).',
  };
}

/** PKCE protects the authorization endpoint, which the client credentials grant never visits. */
const PKCE_FINDINGS = new Set(['as-pkce-missing', 'as-pkce-no-s256']);

/**
 * The authorization server for a machine client's sign-in (the client credentials grant, extension
 * io.modelcontextprotocol/oauth-client-credentials): found and trusted as for a person's sign-in
 * (PKCE aside), with a token endpoint, and listing client_credentials in grant_types_supported.
 */
export function chooseClientCredentialsServer(oauth: OAuthReport): Choice<SignInServer> {
  const legacy = oauth.discovery === 'origin-metadata' || oauth.discovery === 'default-endpoints';
  if (!oauth.protectedResource.used && !legacy)
    return { ok: false, reason: 'No usable protected-resource metadata names an authorization server.' };
  const blocking = oauth.findings.find(
    (finding) => BLOCKING_FINDINGS.has(finding.id) && !PKCE_FINDINGS.has(finding.id),
  );
  if (blocking !== undefined) return { ok: false, reason: `Not signing in: ${blocking.message}` };
  const usable = oauth.authorizationServers.flatMap((server) => {
    const doc = server.document;
    if (server.registration === null || typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [];
    const metadata = doc as Record<string, unknown>;
    return typeof metadata.token_endpoint === 'string'
      ? [{ issuer: server.issuer, metadata, registration: server.registration }]
      : [];
  });
  const offering = usable.find((server) => offersClientCredentials(server.metadata));
  if (offering !== undefined) return { ok: true, value: offering };
  return {
    ok: false,
    reason:
      usable.length === 0
        ? 'No authorization server with usable metadata (a token endpoint).'
        : `${usable.map((server) => server.issuer).join(', ')} does not list client_credentials in grant_types_supported: it offers no machine sign-in.`,
  };
}

/**
 * Client ID Metadata Document where the server accepts one and a document URL is configured (the
 * 2026-07-28 spec prefers it), else dynamic registration (RFC 7591), else the client id the user typed.
 */
export function chooseClientIdentity(
  registration: RegistrationKind,
  options: { clientId: string | null; clientMetadataUrl: string | null },
): Choice<ClientIdentity> {
  if (options.clientId !== null) return { ok: true, value: 'typed' };
  const cimd = registration === 'both' || registration === 'client-id-metadata';
  const dynamic = registration === 'both' || registration === 'dynamic';
  if (cimd && options.clientMetadataUrl !== null) return { ok: true, value: 'client-id-metadata' };
  if (dynamic) return { ok: true, value: 'dynamic' };
  return {
    ok: false,
    reason: cimd
      ? 'The authorization server accepts only client ID metadata documents: give the https URL of one (--client-metadata-url), or a client id registered with it (--client-id).'
      : 'The authorization server offers no dynamic registration: give a client id registered with it (--client-id, and --client-secret-env NAME for a confidential client).',
  };
}

/**
 * The scopes to ask for: the challenge's, else everything offered (report.scopes). The user may ask
 * for fewer, never for scopes the server neither offers nor challenged for.
 */
export function chooseScopes(oauth: OAuthReport, asked: readonly string[] | null): Choice<string[]> {
  if (asked === null || asked.length === 0) return { ok: true, value: [...oauth.scopes] };
  const known = new Set([...oauth.offeredScopes, ...oauth.challengeScopes, ...oauth.scopes]);
  const unknown = asked.filter((scope) => !known.has(scope));
  if (known.size > 0 && unknown.length > 0)
    return {
      ok: false,
      reason: `Not offered by this server: ${unknown.join(', ')}. Offered: ${[...known].join(', ')}.`,
    };
  return { ok: true, value: [...new Set(asked)] };
}

/** The query of the redirect back to the callback (RFC 6749 §4.1.2, RFC 9207 §2). */
export interface CallbackParams {
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
  errorDescription: string | null;
}

export function readCallbackParams(query: URLSearchParams): CallbackParams {
  return {
    code: query.get('code'),
    state: query.get('state'),
    iss: query.get('iss'),
    error: query.get('error'),
    errorDescription: query.get('error_description'),
  };
}

/**
 * Whether a redirect completes the pending flow it names (its state was already matched, once):
 * RFC 9207 — when the server says it sends iss, iss must be there; when there, it must equal the
 * issuer the flow started with (a mix-up attack otherwise). An error response ends the flow.
 */
export function checkCallback(
  params: CallbackParams,
  expected: { issuer: string; issParameterSupported: boolean },
): Choice<string> {
  if (params.iss !== null && params.iss !== expected.issuer)
    return {
      ok: false,
      reason: `The redirect names issuer ${JSON.stringify(params.iss.slice(0, 200))}, not ${expected.issuer} (RFC 9207): refused.`,
    };
  if (params.iss === null && expected.issParameterSupported)
    return {
      ok: false,
      reason: 'The redirect has no iss, which this authorization server promises (RFC 9207): refused.',
    };
  if (params.error !== null)
    return {
      ok: false,
      reason: `The authorization server answered ${params.error.slice(0, 100)}${params.errorDescription === null ? '' : `: ${params.errorDescription.slice(0, 300)}`}.`,
    };
  if (params.code === null || params.code === '') return { ok: false, reason: 'The redirect carries no code.' };
  return { ok: true, value: params.code };
}

/** The granted scopes: the token response's scope, else (RFC 6749 §5.1) the requested ones. */
export function grantedScopes(tokenScope: string | undefined, requested: readonly string[]): string[] {
  const granted = (tokenScope ?? '').split(/\s+/).filter((scope) => scope !== '');
  return granted.length > 0 ? granted : [...requested];
}
