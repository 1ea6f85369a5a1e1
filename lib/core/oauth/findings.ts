/**
 * The catalogue of OAuth findings: each id with its default severity and its fixed explanation
 * (what it means and what it does not tell you), from the MCP authorization spec (2025-11-25),
 * RFC 9728 (protected-resource metadata), RFC 8414 (authorization-server metadata) and RFC 7591.
 */
import { z } from 'zod';
import { SEVERITIES, type Severity } from '../severity';

export const FINDING_IDS = [
  'no-auth-required',
  'not-https',
  'get-405',
  'prm-missing',
  'prm-invalid',
  'prm-resource-mismatch',
  'prm-no-authorization-servers',
  'prm-challenge-failed',
  'prm-bearer-methods',
  'as-third-party',
  'as-metadata-missing',
  'as-issuer-mismatch',
  'as-pkce-missing',
  'as-pkce-no-s256',
  'as-not-https',
  'as-dynamic-registration',
  'as-client-id-metadata',
  'as-no-registration',
  'as-metadata-content-type',
  'as-implicit-grant',
  'as-password-grant',
  'discovery-2025-03-26',
  'scope-single',
  'scope-admin',
  'scope-challenge',
  'bogus-token-accepted',
  'invalid-token-challenge',
  'unknown-tool-accepted',
  'ssrf-blocked',
  'fetch-timeout',
  'body-too-large',
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

/** Findings of a signed-in audit (call-probe.ts), never of the unauthenticated check. */
export const SIGNED_IN_FINDING_IDS: readonly FindingId[] = ['unknown-tool-accepted'];

export const findingSchema = z.object({
  id: z.enum(FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  explanation: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

/** Adds a finding (once per id and message), with the catalogue's severity unless given. */
export type AddFinding = (id: FindingId, message: string, severity?: Severity) => void;

/** The fixed explanation of each finding: what it means and what it does not tell you. */
export const FINDING_EXPLANATIONS: Record<FindingId, { severity: Severity; explanation: string }> = {
  'no-auth-required': {
    severity: 'high',
    explanation:
      'The server answered an MCP initialize request without any credentials: anyone who knows the URL can list and call its tools. That may be intended for a public server; for one that touches your data it is not.',
  },
  'not-https': {
    severity: 'high',
    explanation:
      'The MCP endpoint is plain HTTP: tokens and tool results cross the network unencrypted. The MCP authorization spec requires HTTPS except for loopback development.',
  },
  'get-405': {
    severity: 'info',
    explanation:
      'GET on the endpoint answered 405: the server accepts only POST (application/json), with no server-to-client event stream. That fits a Streamable HTTP server that answers each request directly.',
  },
  'prm-missing': {
    severity: 'high',
    explanation:
      "No protected-resource metadata (RFC 9728) was found at the challenge's resource_metadata URL or at the well-known locations. An MCP server that needs authorization must publish it, or clients cannot find out who issues its tokens.",
  },
  'prm-invalid': {
    severity: 'high',
    explanation:
      'The protected-resource metadata is not a JSON object with a resource field (RFC 9728 §2), so no client can use it.',
  },
  'prm-resource-mismatch': {
    severity: 'high',
    explanation:
      'RFC 9728 §3.3: the resource in the metadata must be identical to the URL the metadata was fetched for. On a mismatch the metadata must not be used: it may describe another server, or be an attempt to send your token elsewhere. The rest of this check ignores it.',
  },
  'prm-no-authorization-servers': {
    severity: 'high',
    explanation: 'The metadata names no authorization server, which MCP requires: a client has nowhere to get a token.',
  },
  'prm-challenge-failed': {
    severity: 'medium',
    explanation:
      "The challenge's resource_metadata URL did not give a usable document, so the well-known locations (RFC 9728 §3.1) were tried as well. A client that trusts only the header stops here; the message says what each location gave. It does not tell you which of the two the operator meant to publish.",
  },
  'prm-bearer-methods': {
    severity: 'medium',
    explanation:
      'bearer_methods_supported (RFC 9728 §2) lists a way to send the token other than the Authorization header. The MCP authorization spec requires the header; a token in a query string (RFC 6750 §2.3) lands in logs, histories and Referer headers, one in a form body is easy to replay. It does not tell you that the server also refuses the header.',
  },
  'as-third-party': {
    severity: 'medium',
    explanation:
      "Tokens for this server are issued by a different domain than the server's own. That is common (an identity provider) and may be fine: decide whether you recognise that domain before the OAuth screen appears.",
  },
  'as-metadata-missing': {
    severity: 'high',
    explanation:
      'No authorization-server metadata (RFC 8414 or OpenID Connect Discovery) was found at any of the locations the MCP spec lists: clients cannot find its endpoints or check PKCE support.',
  },
  'as-issuer-mismatch': {
    severity: 'high',
    explanation:
      'RFC 8414 §3.3: the issuer in the metadata must equal the issuer it was fetched for. A mismatch means the document must not be used.',
  },
  'as-pkce-missing': {
    severity: 'high',
    explanation:
      'The metadata has no code_challenge_methods_supported. MCP clients must refuse to proceed without it: PKCE support cannot be verified.',
  },
  'as-pkce-no-s256': {
    severity: 'high',
    explanation: 'code_challenge_methods_supported does not list S256, the only PKCE method MCP accepts.',
  },
  'as-not-https': {
    severity: 'high',
    explanation:
      'An authorization-server endpoint is not HTTPS. The MCP spec requires HTTPS for all of them (loopback only during development).',
  },
  'as-dynamic-registration': {
    severity: 'info',
    explanation:
      'The authorization server offers dynamic client registration (RFC 7591): any client can register itself without an account.',
  },
  'as-client-id-metadata': {
    severity: 'info',
    explanation:
      'The authorization server accepts client ID metadata documents: a client identifies itself by a URL it controls, the registration method newer MCP specs prefer.',
  },
  'as-no-registration': {
    severity: 'low',
    explanation:
      'Neither dynamic registration nor client ID metadata documents are offered: a client needs credentials registered in advance with this authorization server.',
  },
  'as-metadata-content-type': {
    severity: 'low',
    explanation:
      'The authorization-server metadata is served with a content type other than application/json (RFC 8414 §3.2). Strict clients refuse it; a lenient one reads it anyway. Often a misconfigured proxy or an HTML error page; it does not mean the fields are wrong.',
  },
  'as-implicit-grant': {
    severity: 'medium',
    explanation:
      "The authorization server offers the implicit grant (a response type with token, or implicit in grant_types_supported): the access token comes back in the redirect URL's fragment, without PKCE or client authentication, where browser history, Referer headers and injected scripts can read it. OAuth 2.1 removes it and RFC 9700 §2.1.2 (OAuth 2.0 Security Best Current Practice) says clients should not use it. MCP clients sign in with the authorization code and PKCE, so it does not weaken their sign-in by itself: it means other clients of this server can get tokens the weaker way, and that its configuration predates OAuth 2.1 (some libraries still list it by default).",
  },
  'as-password-grant': {
    severity: 'high',
    explanation:
      "grant_types_supported lists password, the resource owner password credentials grant: a client collects the user's password itself and trades it for a token, bypassing the authorization server's own sign-in page (and with it multi-factor checks and consent). RFC 9700 §2.4 says it must not be used; OAuth 2.1 removes it. MCP clients never use it: any client that can reach this server can, so a leaked or guessed password is a token.",
  },
  'discovery-2025-03-26': {
    severity: 'medium',
    explanation:
      "The server uses the discovery of the MCP 2025-03-26 authorization spec: no protected-resource metadata (RFC 9728), the MCP server's origin acts as the authorization server, with its metadata at /.well-known/oauth-authorization-server (RFC 8414) or, when there is none, the default endpoints /authorize, /token and /register. Since 2025-06-18 the spec requires protected-resource metadata and describes no fallback: a host on the current revision (2025-11-25) that follows it strictly cannot sign in here, while hosts that kept the back-compatibility path (the official SDKs did) fall back as this check did. With default endpoints nothing is published, so PKCE support and the issuer cannot be checked before signing in. It does not tell you the server is otherwise out of date.",
  },
  'scope-single': {
    severity: 'medium',
    explanation:
      "Only one scope is offered (the metadata's scopes_supported, or the challenge's scope when no list is published), so no partial grant is possible: the agent gets everything the scope covers or nothing. The challenge's scope alone is not judged: it is what one request needs, not what the server offers.",
  },
  'scope-admin': {
    severity: 'high',
    explanation:
      'An admin-like scope is offered: a token with it lets the agent do whatever an administrator can. With no narrower scope, consenting means handing over admin rights.',
  },
  'scope-challenge': {
    severity: 'info',
    explanation:
      "The 401 challenge's scope (MCP authorization spec, scope selection) is what this request needs, and what a client asks for by default; it may be less than the server offers. Least privilege per request is good practice. It does not tell you what other requests will ask for later (step-up authorization).",
  },
  'bogus-token-accepted': {
    severity: 'high',
    explanation:
      'A made-up bearer token was accepted: the server answered an MCP initialize request carrying a random token as if it were valid. Either it does not validate tokens at all, or it only checks that one is present. Anyone can then use it. It does not tell you which tools would work with such a token.',
  },
  'invalid-token-challenge': {
    severity: 'low',
    explanation:
      'RFC 6750 §3.1 and the MCP authorization spec: a request with an invalid token must get 401 with WWW-Authenticate: Bearer error="invalid_token", so that a client knows to get a new token rather than retry. The server refused the made-up token (good), but not in that form.',
  },
  'unknown-tool-accepted': {
    severity: 'medium',
    explanation:
      'The signed-in audit called a tool the server never listed (a made-up name, empty arguments) and got a successful result. The MCP tools specification makes an unknown tool an error (JSON-RPC -32602, or a result marked isError): a server that reports success for anything it is asked cannot be trusted to report failures, so an agent may believe an action happened that did not, or the server routes unknown names to something it does not list. It does not tell you what, if anything, the call did on the server (the probe sends no arguments). Turn the probe off with --no-call-probe.',
  },
  'ssrf-blocked': {
    severity: 'high',
    explanation:
      'A URL taken from a server-supplied document pointed at an address mcp-hintcheck will not contact (a private, loopback, link-local or reserved address, or a non-HTTP scheme). Metadata is attacker-controlled; that is how metadata fetchers are turned against internal networks and cloud metadata services.',
  },
  'fetch-timeout': {
    severity: 'medium',
    explanation: 'A request did not complete in time. The document it was for could not be checked.',
  },
  'body-too-large': {
    severity: 'medium',
    explanation:
      'A response was larger than the size cap and was not read. Metadata documents are small; a huge one is broken or hostile.',
  },
};
