/**
 * The OAuth report of a hosted MCP server, from evidence already fetched: the WWW-Authenticate
 * challenge (RFC 6750 §3, MCP authorization spec 2025-11-25), protected-resource metadata
 * (RFC 9728), authorization-server metadata (RFC 8414, OpenID Connect Discovery) and the scopes.
 * Composed of small check* functions, each adding findings from the catalogue (findings.ts).
 * Pure: the fetching lives in lib/server/mcp/oauth-discovery.ts and follows the URL orders in locations.ts.
 */
import { SEVERITIES } from '../severity';
import { answersWithoutCredentials, requiresAuthorization } from './endpoint';
import { oauthFinding, type AddFinding, type Finding } from './findings';
import { checkClientCredentials, checkLegacyGrants } from './grants';
import { isLoopbackHost, siteOf } from './hosts';
import { isJsonContentType, parseJsonObject, stringsOf, type ParsedDocument } from './json-document';
import {
  checkLegacyDiscovery,
  defaultEndpointsServer,
  discoveryGeneration,
  originMetadataIssuer,
} from './legacy-discovery';
import { describeIssuers, describeScopes, describeTransport } from './lessons';
import { checkOfferedScopes, readScopes, splitScopes } from './scopes';
import {
  isEndpointProbe,
  isProtectedResourceProbe,
  type AuthorizationServer,
  type BearerChallenge,
  type FetchedDocument,
  type OAuthEvidence,
  type OAuthReport,
  type Probe,
  type RegistrationKind,
} from './schemas';
import { checkMetadataUrls } from './url-safety';
import { endpointIsWebPage, webPageReport } from './web-page-report';
import { parseWwwAuthenticate } from './www-authenticate';

function findingList(): { findings: Finding[]; add: AddFinding } {
  const findings: Finding[] = [];
  const add: AddFinding = (id, message, severity) => {
    if (findings.some((f) => f.id === id && f.message === message)) return;
    findings.push(oauthFinding(id, message, severity));
  };
  return { findings, add };
}

/** Requests that failed: refused (document-supplied URLs only), timed out, or too large. */
export function checkProbeFailures(probes: readonly Probe[], add: AddFinding): void {
  for (const probe of probes) {
    // The user's own endpoint is not a document-supplied URL: a refusal there shows in its probe and in reachable.
    if (probe.error?.kind === 'blocked' && !isEndpointProbe(probe.kind)) {
      add('ssrf-blocked', `${probe.purpose}: ${probe.error.message}`);
    }
    if (probe.error?.kind === 'timeout')
      add('fetch-timeout', `${probe.purpose} (${probe.method} ${probe.url}) timed out.`);
    if (probe.error?.kind === 'too-large')
      add('body-too-large', `${probe.purpose} (${probe.url}) was larger than the cap.`);
  }
}

/** True when at least one request to the server's own origin got an HTTP answer. */
export function isReachable(resource: URL, probes: readonly Probe[]): boolean {
  // Same origin, not a string prefix: https://h must not match https://h.evil.test or http://h:8080.
  const sameOrigin = (raw: string): boolean => URL.canParse(raw) && new URL(raw).origin === resource.origin;
  return probes.some((probe) => probe.status !== null && sameOrigin(probe.url));
}

/** The endpoint itself: plain HTTP, answering without credentials, POST-only. */
export function checkEndpoint(evidence: OAuthEvidence, add: AddFinding): void {
  const resource = new URL(evidence.url);
  if (resource.protocol === 'http:' && !isLoopbackHost(resource.hostname))
    add('not-https', `${evidence.displayUrl} is plain HTTP.`);
  const { status, contentType } = evidence.initialize;
  if (answersWithoutCredentials(status, contentType)) {
    add(
      'no-auth-required',
      `POST initialize answered ${status ?? ''} without credentials: this server answers anyone.`,
    );
  }
  if (evidence.get.status === 405) add('get-405', 'GET answered 405: a POST-only transport.');
}

/**
 * A protected endpoint must refuse a made-up token with 401 and error="invalid_token" (RFC 6750 §3.1).
 * Judged only when the unauthenticated request was refused: an open server is no-auth-required already.
 */
export function checkBogusToken(evidence: OAuthEvidence, add: AddFinding): void {
  const answer = evidence.bogusToken;
  if (answer?.status == null || !requiresAuthorization(evidence.initialize.status)) return;
  if (answersWithoutCredentials(answer.status, answer.contentType)) {
    add(
      'bogus-token-accepted',
      `POST initialize with a made-up bearer token answered ${answer.status}: the token was not validated.`,
    );
    return;
  }
  const challenge = readChallenge(answer.wwwAuthenticate);
  if (answer.status !== 401)
    add('invalid-token-challenge', `A made-up bearer token got HTTP ${answer.status}, not 401.`);
  else if (challenge === null)
    add('invalid-token-challenge', 'A made-up bearer token got 401 without a Bearer WWW-Authenticate challenge.');
  else if (challenge.error !== 'invalid_token')
    add(
      'invalid-token-challenge',
      `A made-up bearer token got 401 with ${challenge.error === null ? 'no error' : `error="${challenge.error}"`}, not error="invalid_token".`,
    );
}

/** The challenge named a resource_metadata URL that gave no usable document: say what it gave and what the well-known locations gave. */
export function checkChallengeLocation(evidence: OAuthEvidence, add: AddFinding): void {
  const fromChallenge = evidence.probes.find((probe) => probe.kind === 'prm-challenge');
  if (fromChallenge === undefined) return;
  const ok = fromChallenge.status !== null && fromChallenge.status >= 200 && fromChallenge.status < 300;
  const wellKnown = evidence.probes.filter(
    (probe) => probe.kind === 'prm-well-known-path' || probe.kind === 'prm-well-known-root',
  );
  if (ok && wellKnown.length === 0) return;
  const outcome = (probe: Probe): string =>
    probe.status !== null ? `HTTP ${probe.status}` : (probe.error?.kind ?? 'no answer');
  const found = evidence.prm.body !== null && evidence.prm.url !== null && evidence.prm.url !== fromChallenge.url;
  const tried = wellKnown.map((probe) => `${probe.url} (${outcome(probe)})`).join(', ');
  add(
    'prm-challenge-failed',
    `The challenge's resource_metadata ${fromChallenge.url} gave ${ok ? 'no usable document' : outcome(fromChallenge)}; well-known locations: ${tried === '' ? 'none tried' : tried}${found ? `; the metadata was found at ${evidence.prm.url ?? ''}` : '; none had the metadata'}.`,
  );
}

/** RFC 9728 bearer_methods_supported: MCP sends the token in the Authorization header, and only there. */
export function checkBearerMethods(prm: Record<string, unknown> | null, add: AddFinding): void {
  if (prm?.bearer_methods_supported === undefined) return;
  const methods = stringsOf(prm.bearer_methods_supported);
  const others = methods.filter((method) => method !== 'header');
  if (others.length > 0)
    add('prm-bearer-methods', `bearer_methods_supported lists ${others.join(', ')} besides the header.`);
  else if (methods.length === 0)
    add(
      'prm-bearer-methods',
      `bearer_methods_supported is ${JSON.stringify(prm.bearer_methods_supported)}, without "header".`,
      'low',
    );
}

/** The Bearer challenge of a WWW-Authenticate value, or null. */
export function readChallenge(wwwAuthenticate: string | null): BearerChallenge | null {
  const challenges = wwwAuthenticate === null ? [] : parseWwwAuthenticate(wwwAuthenticate);
  const bearer = challenges.find((c) => c.scheme.toLowerCase() === 'bearer');
  if (bearer === undefined) return null;
  return {
    scheme: bearer.scheme,
    resourceMetadata: bearer.params.resource_metadata ?? null,
    scope: bearer.params.scope ?? null,
    error: bearer.params.error ?? null,
  };
}

export interface ProtectedResourceResult {
  parsed: ParsedDocument;
  /** The metadata when it describes this resource (RFC 9728 §3.3), else null. */
  document: Record<string, unknown> | null;
}

/** RFC 9728: present, a JSON object with a resource, and that resource is the one asked for. */
export function checkProtectedResource(
  evidence: OAuthEvidence,
  reachable: boolean,
  add: AddFinding,
): ProtectedResourceResult {
  const parsed = parseJsonObject(evidence.prm);
  const needsAuth = requiresAuthorization(evidence.initialize.status);
  if (evidence.prm.body === null) {
    // A location that timed out, was too large or was refused may well hold metadata: do not say there is none.
    const failures = [
      ...new Set(
        evidence.probes
          .filter((probe) => isProtectedResourceProbe(probe.kind) && probe.error !== null)
          .map((probe) => probe.error?.kind ?? ''),
      ),
    ];
    if (reachable)
      add(
        'prm-missing',
        failures.length > 0
          ? `No usable protected-resource metadata: fetching it failed (${failures.join(', ')}).`
          : needsAuth
            ? 'The server requires authorization but publishes no protected-resource metadata.'
            : 'No protected-resource metadata was found.',
        needsAuth ? 'high' : 'info',
      );
    return { parsed, document: null };
  }
  if (parsed.value === null || typeof parsed.value.resource !== 'string') {
    add(
      'prm-invalid',
      `The protected-resource metadata at ${evidence.prm.url ?? '?'} ${parsed.problem ?? 'has no resource field'}.`,
    );
    return { parsed, document: null };
  }
  checkMetadataUrls('the protected-resource metadata', parsed.value, add);
  if (parsed.problem !== null) add('prm-invalid', `The protected-resource metadata ${parsed.problem}.`, 'low');
  const declared = parsed.value.resource;
  if (!evidence.prm.expectedResources.includes(declared)) {
    add(
      'prm-resource-mismatch',
      `The metadata says resource "${declared}", but it was fetched for ${evidence.prm.expectedResources.map((r) => `"${r}"`).join(' or ')}. It was not used.`,
    );
    return { parsed, document: null };
  }
  if (stringsOf(parsed.value.authorization_servers).length === 0)
    add('prm-no-authorization-servers', 'authorization_servers is missing or empty.');
  return { parsed, document: parsed.value };
}

/** https, or http on loopback when the user's own target is loopback (local development); never file: or another scheme. */
function allowedScheme(url: URL, loopbackTarget: boolean): boolean {
  return url.protocol === 'https:' || (loopbackTarget && url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** Why a URL is refused: not http(s) at all, or plain http. */
function schemeProblem(url: URL): string {
  return url.protocol === 'http:' ? 'is not HTTPS' : `is a ${url.protocol} URL, not http(s): refused`;
}

/** One authorization server: who it is, its metadata (RFC 8414 §3.3), PKCE, HTTPS endpoints, registration. */
export function checkAuthorizationServer(
  server: { issuer: string; metadata: FetchedDocument },
  context: { resource: URL; loopbackTarget: boolean },
  add: AddFinding,
): AuthorizationServer {
  const { issuer, metadata } = server;
  const { resource, loopbackTarget } = context;
  if (URL.canParse(issuer)) {
    const issuerUrl = new URL(issuer);
    const site = siteOf(issuerUrl.hostname);
    const resourceSite = siteOf(resource.hostname);
    if (site !== resourceSite) {
      add(
        'as-third-party',
        `Tokens are issued by ${issuerUrl.hostname} (${site}), not by ${resource.hostname} (${resourceSite}).`,
      );
    }
    if (!allowedScheme(issuerUrl, loopbackTarget))
      add('as-not-https', `The issuer ${issuer} ${schemeProblem(issuerUrl)}.`);
  } else {
    add('as-metadata-missing', `The authorization server "${issuer.slice(0, 100)}" is not a URL.`);
  }
  const parsed = parseJsonObject(metadata);
  const doc = parsed.value;
  const entry: AuthorizationServer = {
    issuer,
    metadataUrl: metadata.url,
    document: doc ?? null,
    registration: null,
    assumed: false,
  };
  if (metadata.body !== null && !isJsonContentType(metadata.contentType))
    add(
      'as-metadata-content-type',
      `The metadata for ${issuer} is served as ${metadata.contentType ?? '(no content type)'}, not application/json.`,
    );
  if (metadata.body === null || doc === null) {
    add(
      'as-metadata-missing',
      `No usable metadata for ${issuer}${parsed.problem === null ? '' : `: it ${parsed.problem}`}.`,
    );
    return entry;
  }
  checkMetadataUrls(issuer, doc, add);
  if (doc.issuer !== issuer) {
    // RFC 8414 §3.3: such a document must not be used, so nothing else is read from it.
    add(
      'as-issuer-mismatch',
      `The metadata for ${issuer} names issuer ${JSON.stringify(doc.issuer ?? null)}; it was not used.`,
    );
    return entry;
  }
  checkPkce(issuer, doc, add);
  checkEndpointSchemes(issuer, doc, loopbackTarget, add);
  checkLegacyGrants(issuer, doc, add);
  checkClientCredentials(issuer, doc, add);
  return { ...entry, registration: checkRegistration(issuer, doc, add) };
}

/** MCP requires PKCE with S256, published in code_challenge_methods_supported. */
export function checkPkce(issuer: string, doc: Record<string, unknown>, add: AddFinding): void {
  const methods = doc.code_challenge_methods_supported;
  if (methods === undefined) add('as-pkce-missing', `${issuer} does not publish code_challenge_methods_supported.`);
  else if (!stringsOf(methods).includes('S256'))
    add('as-pkce-no-s256', `${issuer} lists PKCE methods ${JSON.stringify(methods)}, without S256.`);
}

const AS_ENDPOINT_KEYS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'jwks_uri'] as const;

/** Every authorization-server endpoint must be HTTPS (loopback only for a loopback target). */
export function checkEndpointSchemes(
  issuer: string,
  doc: Record<string, unknown>,
  loopbackTarget: boolean,
  add: AddFinding,
): void {
  for (const key of AS_ENDPOINT_KEYS) {
    const value = doc[key];
    if (typeof value !== 'string') continue;
    if (!URL.canParse(value)) add('as-not-https', `${key} of ${issuer} is not a URL.`);
    else if (!allowedScheme(new URL(value), loopbackTarget))
      add('as-not-https', `${key} of ${issuer} is ${value}: it ${schemeProblem(new URL(value))}.`);
  }
}

/** How a client gets an identity: client ID metadata documents, dynamic registration (RFC 7591), both or neither. */
export function registrationKind(doc: Record<string, unknown>): RegistrationKind {
  const dcr = typeof doc.registration_endpoint === 'string';
  const cimd = doc.client_id_metadata_document_supported === true;
  return dcr && cimd ? 'both' : cimd ? 'client-id-metadata' : dcr ? 'dynamic' : 'neither';
}

/** Reports the registration options (registrationKind) as findings, and returns the kind. */
export function checkRegistration(issuer: string, doc: Record<string, unknown>, add: AddFinding): RegistrationKind {
  const kind = registrationKind(doc);
  const dcr = kind === 'both' || kind === 'dynamic';
  const cimd = kind === 'both' || kind === 'client-id-metadata';
  if (dcr)
    add(
      'as-dynamic-registration',
      `${issuer} offers dynamic client registration at ${String(doc.registration_endpoint)}.`,
    );
  if (cimd) add('as-client-id-metadata', `${issuer} accepts client ID metadata documents.`);
  if (!dcr && !cimd)
    add('as-no-registration', `${issuer} offers neither dynamic registration nor client ID metadata documents.`);
  return kind;
}

export function buildOAuthReport(evidence: OAuthEvidence): OAuthReport {
  const { findings, add } = findingList();
  const resource = new URL(evidence.url);
  checkProbeFailures(evidence.probes, add);
  const reachable = isReachable(resource, evidence.probes);
  checkEndpoint(evidence, add);
  if (endpointIsWebPage(evidence)) return webPageReport(evidence, reachable, findings, add);
  checkBogusToken(evidence, add);
  checkChallengeLocation(evidence, add);
  const challenge = readChallenge(evidence.initialize.wwwAuthenticate);
  const prm = checkProtectedResource(evidence, reachable, add);
  const context = { resource, loopbackTarget: evidence.loopbackTarget };
  const servers = evidence.authorizationServers.map((server) => checkAuthorizationServer(server, context, add));
  const legacy = prm.document === null ? evidence.legacy : undefined;
  if (legacy?.kind === 'origin-metadata')
    servers.push(
      checkAuthorizationServer(
        { issuer: originMetadataIssuer(legacy.origin, legacy.metadata), metadata: legacy.metadata },
        context,
        add,
      ),
    );
  if (legacy?.kind === 'default-endpoints') {
    const server = defaultEndpointsServer(legacy.origin);
    checkEndpointSchemes(legacy.origin, server.document as Record<string, unknown>, evidence.loopbackTarget, add);
    servers.push(server);
  }
  checkLegacyDiscovery({ ...evidence, legacy }, add);
  checkBearerMethods(prm.document, add);
  const { scopes, scopeSource } = readScopes(challenge, prm.document);
  const { offered, challenged } = splitScopes(challenge, prm.document);
  checkOfferedScopes(offered, challenged, add);

  findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  const discovery = discoveryGeneration({ ...evidence, legacy }, prm.document !== null);
  return {
    url: evidence.displayUrl,
    discovery,
    reachable,
    probes: evidence.probes,
    challenge,
    protectedResource: {
      url: evidence.prm.url,
      document: prm.parsed.value ?? (evidence.prm.body === null ? null : evidence.prm.body.slice(0, 2000)),
      used: prm.document !== null,
    },
    authorizationServers: servers,
    scopes,
    scopeSource,
    offeredScopes: offered,
    challengeScopes: challenged,
    findings,
    lessons: {
      issuer: describeIssuers(servers, resource.hostname, discovery !== 'none', evidence.initialize.status),
      scopes: describeScopes(offered.length > 0 ? offered : scopes, challenged),
      transport: describeTransport(evidence),
    },
  };
}
