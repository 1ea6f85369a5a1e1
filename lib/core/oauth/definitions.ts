/**
 * The catalogue of OAuth findings, in the shape every catalogue has (lib/core/finding.ts): title,
 * severity, what it means, what it does not tell you and the reference, from the MCP authorization
 * spec (2025-11-25), RFC 9728 (protected-resource metadata), RFC 8414 (authorization-server
 * metadata), RFC 7591, RFC 6750 and RFC 9700.
 */
import type { FindingDefinition } from '../finding';

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

export const OAUTH_FINDING_DEFINITIONS: { [Id in FindingId]: FindingDefinition<Id> } = {
  'no-auth-required': {
    id: 'no-auth-required',
    severity: 'high',
    title: 'Answers without credentials',
    meaning:
      'The server answered an MCP initialize request without any credentials: anyone who knows the URL can list and call its tools. That may be intended for a public server; for one that touches your data it is not.',
    doesNotTell: 'Whether that is intended (a public server) or what its tools reach: read the tool list.',
    reference: 'MCP specification 2025-11-25, Authorization',
  },
  'not-https': {
    id: 'not-https',
    severity: 'high',
    title: 'Endpoint is plain HTTP',
    meaning:
      'The MCP endpoint is plain HTTP: tokens and tool results cross the network unencrypted. The MCP authorization spec requires HTTPS except for loopback development.',
    doesNotTell: 'Whether anything on the path reads or changes the traffic: only that it could.',
    reference: 'MCP specification 2025-11-25, Authorization (communication security)',
  },
  'get-405': {
    id: 'get-405',
    severity: 'info',
    title: 'POST-only transport (GET answers 405)',
    meaning:
      'GET on the endpoint answered 405: the server accepts only POST (application/json), with no server-to-client event stream. That fits a Streamable HTTP server that answers each request directly.',
    doesNotTell: 'Anything about authorization: it describes the transport.',
    reference: 'MCP specification 2025-11-25, Transports: Streamable HTTP',
  },
  'prm-missing': {
    id: 'prm-missing',
    severity: 'high',
    title: 'No protected-resource metadata',
    meaning:
      "No protected-resource metadata (RFC 9728) was found at the challenge's resource_metadata URL or at the well-known locations. An MCP server that needs authorization must publish it, or clients cannot find out who issues its tokens.",
    doesNotTell: 'Whether the server needs authorization at all, or where its tokens come from.',
    reference: 'RFC 9728; MCP specification 2025-11-25, Authorization (authorization server discovery)',
  },
  'prm-invalid': {
    id: 'prm-invalid',
    severity: 'high',
    title: 'Protected-resource metadata unusable',
    meaning:
      'The protected-resource metadata is not a JSON object with a resource field (RFC 9728 §2), so no client can use it.',
    doesNotTell: 'What the operator meant to publish: only that this document cannot be used.',
    reference: 'RFC 9728 §2',
  },
  'prm-resource-mismatch': {
    id: 'prm-resource-mismatch',
    severity: 'high',
    title: 'Metadata names another resource',
    meaning:
      'RFC 9728 §3.3: the resource in the metadata must be identical to the URL the metadata was fetched for. On a mismatch the metadata must not be used: it may describe another server, or be an attempt to send your token elsewhere. The rest of this check ignores it.',
    doesNotTell: 'Whether the mismatch is a misconfiguration or an attack.',
    reference: 'RFC 9728 §3.3',
  },
  'prm-no-authorization-servers': {
    id: 'prm-no-authorization-servers',
    severity: 'high',
    title: 'Metadata names no authorization server',
    meaning: 'The metadata names no authorization server, which MCP requires: a client has nowhere to get a token.',
    doesNotTell: 'Which authorization server the operator uses.',
    reference: 'RFC 9728 §2; MCP specification 2025-11-25, Authorization',
  },
  'prm-challenge-failed': {
    id: 'prm-challenge-failed',
    severity: 'medium',
    title: "Challenge's metadata URL unusable",
    meaning:
      "The challenge's resource_metadata URL did not give a usable document, so the well-known locations (RFC 9728 \u00a73.1) were tried as well. A client that trusts only the header stops here; the message says what each location gave.",
    doesNotTell: 'Which of the two the operator meant to publish.',
    reference: 'RFC 9728 §3.1 and §5.1',
  },
  'prm-bearer-methods': {
    id: 'prm-bearer-methods',
    severity: 'medium',
    title: 'Token accepted outside the Authorization header',
    meaning:
      'bearer_methods_supported (RFC 9728 §2) lists a way to send the token other than the Authorization header. The MCP authorization spec requires the header; a token in a query string (RFC 6750 §2.3) lands in logs, histories and Referer headers, one in a form body is easy to replay.',
    doesNotTell: 'That the server also refuses the header.',
    reference: 'RFC 9728 §2; RFC 6750 §2; MCP specification 2025-11-25, Authorization (token requirements)',
  },
  'as-third-party': {
    id: 'as-third-party',
    severity: 'medium',
    title: 'Tokens issued by another domain',
    meaning:
      "Tokens for this server are issued by a different domain than the server's own. That is common (an identity provider) and may be fine: decide whether you recognise that domain before the OAuth screen appears.",
    doesNotTell: "Whether that domain is trustworthy: only that it is not the server's own.",
    reference: 'MCP specification 2025-11-25, Authorization (authorization server discovery)',
  },
  'as-metadata-missing': {
    id: 'as-metadata-missing',
    severity: 'high',
    title: 'No authorization-server metadata',
    meaning:
      'No authorization-server metadata (RFC 8414 or OpenID Connect Discovery) was found at any of the locations the MCP spec lists: clients cannot find its endpoints or check PKCE support.',
    doesNotTell: 'Whether sign-in works some other way: clients following the spec cannot find out.',
    reference: 'RFC 8414; OpenID Connect Discovery 1.0; MCP specification 2025-11-25, Authorization',
  },
  'as-issuer-mismatch': {
    id: 'as-issuer-mismatch',
    severity: 'high',
    title: 'Issuer mismatch in the metadata',
    meaning:
      'RFC 8414 §3.3: the issuer in the metadata must equal the issuer it was fetched for. A mismatch means the document must not be used.',
    doesNotTell: 'Whether the mismatch is a misconfiguration or an attack.',
    reference: 'RFC 8414 §3.3',
  },
  'as-pkce-missing': {
    id: 'as-pkce-missing',
    severity: 'high',
    title: 'PKCE support not advertised',
    meaning:
      'The metadata has no code_challenge_methods_supported. MCP clients must refuse to proceed without it: PKCE support cannot be verified.',
    doesNotTell: 'Whether the server would in fact enforce PKCE: it does not say.',
    reference: 'RFC 8414 §2; RFC 7636; MCP specification 2025-11-25, Authorization (PKCE)',
  },
  'as-pkce-no-s256': {
    id: 'as-pkce-no-s256',
    severity: 'high',
    title: 'PKCE without S256',
    meaning: 'code_challenge_methods_supported does not list S256, the only PKCE method MCP accepts.',
    doesNotTell: 'Whether the server would accept S256 anyway: it does not say.',
    reference: 'RFC 7636 §4.2; MCP specification 2025-11-25, Authorization (PKCE)',
  },
  'as-not-https': {
    id: 'as-not-https',
    severity: 'high',
    title: 'Authorization endpoint not HTTPS',
    meaning:
      'An authorization-server endpoint is not HTTPS. The MCP spec requires HTTPS for all of them (loopback only during development).',
    doesNotTell: 'Whether anything on the path reads the traffic: only that it could.',
    reference: 'MCP specification 2025-11-25, Authorization (communication security)',
  },
  'as-dynamic-registration': {
    id: 'as-dynamic-registration',
    severity: 'info',
    title: 'Dynamic client registration offered',
    meaning:
      'The authorization server offers dynamic client registration (RFC 7591): any client can register itself without an account.',
    doesNotTell: 'Whether registered clients get any rights without your consent: that is decided at sign-in.',
    reference: 'RFC 7591; MCP specification 2025-11-25, Authorization (client registration)',
  },
  'as-client-id-metadata': {
    id: 'as-client-id-metadata',
    severity: 'info',
    title: 'Client ID metadata documents accepted',
    meaning:
      'The authorization server accepts client ID metadata documents: a client identifies itself by a URL it controls, the registration method newer MCP specs prefer.',
    doesNotTell: 'Which clients the server will trust: it decides per document.',
    reference: 'MCP specification 2025-11-25, Authorization (client ID metadata documents)',
  },
  'as-no-registration': {
    id: 'as-no-registration',
    severity: 'low',
    title: 'No self-service client registration',
    meaning:
      'Neither dynamic registration nor client ID metadata documents are offered: a client needs credentials registered in advance with this authorization server.',
    doesNotTell: 'Whether the operator registers clients on request.',
    reference: 'MCP specification 2025-11-25, Authorization (client registration)',
  },
  'as-metadata-content-type': {
    id: 'as-metadata-content-type',
    severity: 'low',
    title: 'Metadata served with the wrong content type',
    meaning:
      'The authorization-server metadata is served with a content type other than application/json (RFC 8414 §3.2). Strict clients refuse it; a lenient one reads it anyway. Often a misconfigured proxy or an HTML error page; it does not mean the fields are wrong.',
    doesNotTell: 'That the fields are wrong.',
    reference: 'RFC 8414 §3.2',
  },
  'as-implicit-grant': {
    id: 'as-implicit-grant',
    severity: 'medium',
    title: 'Implicit grant offered',
    meaning:
      "The authorization server offers the implicit grant (a response type with token, or implicit in grant_types_supported): the access token comes back in the redirect URL's fragment, without PKCE or client authentication, where browser history, Referer headers and injected scripts can read it. OAuth 2.1 removes it and RFC 9700 \u00a72.1.2 (OAuth 2.0 Security Best Current Practice) says clients should not use it. MCP clients sign in with the authorization code and PKCE, so it does not weaken their sign-in by itself: it means other clients of this server can get tokens the weaker way, and that its configuration predates OAuth 2.1 (some libraries still list it by default).",
    doesNotTell: 'That MCP clients use it: they do not.',
    reference: 'RFC 9700 §2.1.2; OAuth 2.1',
  },
  'as-password-grant': {
    id: 'as-password-grant',
    severity: 'high',
    title: 'Password grant offered',
    meaning:
      "grant_types_supported lists password, the resource owner password credentials grant: a client collects the user's password itself and trades it for a token, bypassing the authorization server's own sign-in page (and with it multi-factor checks and consent). RFC 9700 \u00a72.4 says it must not be used; OAuth 2.1 removes it. MCP clients never use it: any client that can reach this server can, so a leaked or guessed password is a token.",
    doesNotTell: 'That any client uses it, or that passwords have leaked.',
    reference: 'RFC 9700 §2.4; OAuth 2.1',
  },
  'discovery-2025-03-26': {
    id: 'discovery-2025-03-26',
    severity: 'medium',
    title: 'Discovery of the 2025-03-26 spec',
    meaning:
      "The server uses the discovery of the MCP 2025-03-26 authorization spec: no protected-resource metadata (RFC 9728), the MCP server's origin acts as the authorization server, with its metadata at /.well-known/oauth-authorization-server (RFC 8414) or, when there is none, the default endpoints /authorize, /token and /register. Since 2025-06-18 the spec requires protected-resource metadata and describes no fallback: a host on the current revision (2025-11-25) that follows it strictly cannot sign in here, while hosts that kept the back-compatibility path (the official SDKs did) fall back as this check did. With default endpoints nothing is published, so PKCE support and the issuer cannot be checked before signing in.",
    doesNotTell: 'That the server is otherwise out of date.',
    reference: 'MCP specification 2025-03-26 and 2025-11-25, Authorization',
  },
  'scope-single': {
    id: 'scope-single',
    severity: 'medium',
    title: 'A single scope: no partial grant',
    meaning:
      "Only one scope is offered (the metadata's scopes_supported, or the challenge's scope when no list is published), so no partial grant is possible: the agent gets everything the scope covers or nothing. The challenge's scope alone is not judged: it is what one request needs, not what the server offers.",
    doesNotTell: "What the scope covers: read the authorization server's documentation.",
    reference: 'MCP specification 2025-11-25, Authorization (scope selection)',
  },
  'scope-admin': {
    id: 'scope-admin',
    severity: 'high',
    title: 'Admin-like scope offered',
    meaning:
      'An admin-like scope is offered: a token with it lets the agent do whatever an administrator can. With no narrower scope, consenting means handing over admin rights.',
    doesNotTell: 'What the scope really allows: its name suggests it.',
    reference: 'MCP specification 2025-11-25, Authorization (scope selection); least privilege',
  },
  'scope-challenge': {
    id: 'scope-challenge',
    severity: 'info',
    title: "The challenge's scope",
    meaning:
      "The 401 challenge's scope (MCP authorization spec, scope selection) is what this request needs, and what a client asks for by default; it may be less than the server offers. Least privilege per request is good practice.",
    doesNotTell: 'What other requests will ask for later (step-up authorization).',
    reference: 'MCP specification 2025-11-25, Authorization (scope selection, step-up)',
  },
  'bogus-token-accepted': {
    id: 'bogus-token-accepted',
    severity: 'high',
    title: 'A made-up token was accepted',
    meaning:
      'A made-up bearer token was accepted: the server answered an MCP initialize request carrying a random token as if it were valid. Either it does not validate tokens at all, or it only checks that one is present. Anyone can then use it.',
    doesNotTell: 'Which tools would work with such a token.',
    reference: 'RFC 6750 §3.1; MCP specification 2025-11-25, Authorization (token validation)',
  },
  'invalid-token-challenge': {
    id: 'invalid-token-challenge',
    severity: 'low',
    title: 'Invalid token refused without the standard challenge',
    meaning:
      'RFC 6750 §3.1 and the MCP authorization spec: a request with an invalid token must get 401 with WWW-Authenticate: Bearer error="invalid_token", so that a client knows to get a new token rather than retry. The server refused the made-up token (good), but not in that form.',
    doesNotTell: 'Whether real tokens are validated correctly.',
    reference: 'RFC 6750 §3.1; MCP specification 2025-11-25, Authorization',
  },
  'unknown-tool-accepted': {
    id: 'unknown-tool-accepted',
    severity: 'medium',
    title: 'Unknown tool call reported as a success',
    meaning:
      'The signed-in audit called a tool the server never listed (a made-up name, empty arguments) and got a successful result. The MCP tools specification makes an unknown tool an error (JSON-RPC -32602, or a result marked isError): a server that reports success for anything it is asked cannot be trusted to report failures, so an agent may believe an action happened that did not, or the server routes unknown names to something it does not list.',
    doesNotTell:
      'What, if anything, the call did on the server (the probe sends no arguments). Turn the probe off with --no-call-probe.',
    reference: 'MCP specification 2025-11-25, Tools (error handling)',
  },
  'ssrf-blocked': {
    id: 'ssrf-blocked',
    severity: 'high',
    title: 'Metadata pointed at a forbidden address',
    meaning:
      'A URL taken from a server-supplied document pointed at an address mcp-hintcheck will not contact (a private, loopback, link-local or reserved address, or a non-HTTP scheme). Metadata is attacker-controlled; that is how metadata fetchers are turned against internal networks and cloud metadata services.',
    doesNotTell: 'Whether the operator meant harm: the document may just be misconfigured.',
    reference: 'MCP security best practices (SSRF)',
  },
  'fetch-timeout': {
    id: 'fetch-timeout',
    severity: 'medium',
    title: 'A request timed out',
    meaning: 'A request did not complete in time. The document it was for could not be checked.',
    doesNotTell: 'Whether the document is correct: it was not read.',
    reference: 'mcp-hintcheck fetch limits',
  },
  'body-too-large': {
    id: 'body-too-large',
    severity: 'medium',
    title: 'A response exceeded the size cap',
    meaning:
      'A response was larger than the size cap and was not read. Metadata documents are small; a huge one is broken or hostile.',
    doesNotTell: 'What the document says: it was not read.',
    reference: 'mcp-hintcheck fetch limits',
  },
};
