/**
 * The OAuth report of a hosted MCP server, from evidence already fetched: the WWW-Authenticate
 * challenge (RFC 6750 §3, MCP authorization spec 2025-11-25), protected-resource metadata
 * (RFC 9728), authorization-server metadata (RFC 8414, OpenID Connect Discovery) and the scopes.
 * Composed of small check* functions, each adding findings from the catalogue (findings.ts).
 * Pure: the fetching lives in lib/server/oauth-discovery.ts and follows the URL orders in locations.ts.
 */
import { SEVERITIES, type Severity } from '../flags';
import { answersWithoutCredentials, requiresAuthorization } from './endpoint';
import { FINDING_EXPLANATIONS, type Finding, type FindingId } from './findings';
import { isLoopbackHost, siteOf } from './hosts';
import { parseJsonObject, stringsOf, type ParsedDocument } from './json-document';
import { describeIssuers, describeScopes, describeTransport } from './lessons';
import {
  isEndpointProbe,
  isProtectedResourceProbe,
  type AuthorizationServer,
  type BearerChallenge,
  type FetchedDocument,
  type OAuthEvidence,
  type OAuthReport,
  type Probe,
  type ScopeSource,
} from './schemas';
import { parseWwwAuthenticate } from './www-authenticate';

/** Adds a finding (once per id and message), with the catalogue's severity unless given. */
export type AddFinding = (id: FindingId, message: string, severity?: Severity) => void;

function findingList(): { findings: Finding[]; add: AddFinding } {
  const findings: Finding[] = [];
  const add: AddFinding = (id, message, severity = FINDING_EXPLANATIONS[id].severity) => {
    if (findings.some((f) => f.id === id && f.message === message)) return;
    findings.push({ id, severity, message, explanation: FINDING_EXPLANATIONS[id].explanation });
  };
  return { findings, add };
}

const ADMIN_SCOPE = /(^|[:._/-])(admin|administrator|root|superuser|owner|full[_-]?access|all)($|[:._/-])|^\*$/i;

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

/** https, or loopback when the user's own target is loopback (local development). */
function allowedScheme(url: URL, loopbackTarget: boolean): boolean {
  return url.protocol === 'https:' || (loopbackTarget && isLoopbackHost(url.hostname));
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
    if (!allowedScheme(issuerUrl, loopbackTarget)) add('as-not-https', `The issuer ${issuer} is not HTTPS.`);
  } else {
    add('as-metadata-missing', `The authorization server "${issuer.slice(0, 100)}" is not a URL.`);
  }
  const parsed = parseJsonObject(metadata);
  const doc = parsed.value;
  const entry: AuthorizationServer = { issuer, metadataUrl: metadata.url, document: doc ?? null };
  if (metadata.body === null || doc === null) {
    add(
      'as-metadata-missing',
      `No usable metadata for ${issuer}${parsed.problem === null ? '' : `: it ${parsed.problem}`}.`,
    );
    return entry;
  }
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
  checkRegistration(issuer, doc, add);
  return entry;
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
    else if (!allowedScheme(new URL(value), loopbackTarget)) add('as-not-https', `${key} of ${issuer} is ${value}.`);
  }
}

/** How a client gets an identity: dynamic registration (RFC 7591), client ID metadata documents, or neither. */
export function checkRegistration(issuer: string, doc: Record<string, unknown>, add: AddFinding): void {
  const dcr = typeof doc.registration_endpoint === 'string';
  const cimd = doc.client_id_metadata_document_supported === true;
  if (dcr)
    add(
      'as-dynamic-registration',
      `${issuer} offers dynamic client registration at ${String(doc.registration_endpoint)}.`,
    );
  if (cimd) add('as-client-id-metadata', `${issuer} accepts client ID metadata documents.`);
  if (!dcr && !cimd)
    add('as-no-registration', `${issuer} offers neither dynamic registration nor client ID metadata documents.`);
}

/** The challenge's scope wins; else everything in the metadata's scopes_supported. */
export function readScopes(
  challenge: BearerChallenge | null,
  prm: Record<string, unknown> | null,
): { scopes: string[]; scopeSource: ScopeSource } {
  const fromChallenge = challenge?.scope?.trim() ?? '';
  if (fromChallenge !== '') return { scopes: fromChallenge.split(/\s+/), scopeSource: 'challenge' };
  const supported = prm === null ? [] : stringsOf(prm.scopes_supported);
  if (supported.length > 0) return { scopes: supported, scopeSource: 'metadata' };
  return { scopes: [], scopeSource: 'none' };
}

/** One scope only (no partial grant), and admin-like scopes (high when nothing narrower is offered). */
export function checkScopes(scopes: readonly string[], add: AddFinding): void {
  if (scopes.length === 1) add('scope-single', `One scope only: ${scopes[0] ?? ''}.`);
  const admin = scopes.filter((scope) => ADMIN_SCOPE.test(scope));
  if (admin.length === 0) return;
  // Only admin-like scopes: consenting means admin rights. With narrower ones beside them, a client can ask for less.
  const onlyAdmin = admin.length === scopes.length;
  add(
    'scope-admin',
    `Admin-like scope${admin.length > 1 ? 's' : ''}: ${admin.join(', ')} (of ${scopes.join(', ')})${onlyAdmin ? '; nothing narrower is offered' : ''}.`,
    onlyAdmin ? 'high' : 'medium',
  );
}

export function buildOAuthReport(evidence: OAuthEvidence): OAuthReport {
  const { findings, add } = findingList();
  const resource = new URL(evidence.url);
  checkProbeFailures(evidence.probes, add);
  const reachable = isReachable(resource, evidence.probes);
  checkEndpoint(evidence, add);
  const challenge = readChallenge(evidence.initialize.wwwAuthenticate);
  const prm = checkProtectedResource(evidence, reachable, add);
  const servers = evidence.authorizationServers.map((server) =>
    checkAuthorizationServer(server, { resource, loopbackTarget: evidence.loopbackTarget }, add),
  );
  const { scopes, scopeSource } = readScopes(challenge, prm.document);
  checkScopes(scopes, add);

  findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  return {
    url: evidence.displayUrl,
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
    findings,
    lessons: {
      issuer: describeIssuers(servers, resource.hostname, prm.document !== null, evidence.initialize.status),
      scopes: describeScopes(scopes),
      transport: describeTransport(evidence),
    },
  };
}
