/**
 * The unauthenticated check of a hosted MCP server, in the order the MCP authorization spec
 * (2025-11-25) gives: probe the endpoint (POST initialize and GET, in parallel), find the
 * protected-resource metadata (the challenge's resource_metadata, else the path-inserted then the
 * root well-known URL), then each authorization server's metadata (RFC 8414 / OIDC, path-aware),
 * servers in parallel. Every URL from a document goes through the SSRF guard. lib/core/oauth/
 * turns the evidence into findings.
 */
import { randomBytes } from 'node:crypto';
import { requiresAuthorization } from '../../core/oauth/endpoint';
import { isLoopbackHost } from '../../core/oauth/hosts';
import { authorizationServerMetadataUrls, protectedResourceMetadataUrls } from '../../core/oauth/locations';
import { buildOAuthReport, readChallenge } from '../../core/oauth/report';
import { endpointIsWebPage } from '../../core/oauth/web-page-report';
import {
  isProtectedResourceProbe,
  probePurpose,
  type FetchedDocument,
  type OAuthEvidence,
  type OAuthReport,
  type Probe,
  type ProbeKind,
} from '../../core/oauth/schemas';
import { guardedFetch, type GuardedFetchOptions, type GuardedResult } from './guarded-fetch';
import { Redactor, redactUrl, redactorFor } from '../redact';
import { PRODUCT_NAME } from '../../core/product';

export type OAuthCheckOptions = Pick<GuardedFetchOptions, 'timeoutMs' | 'maxBytes' | 'resolve' | 'request' | 'signal'>;

const MAX_AUTHORIZATION_SERVERS = 5;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: PRODUCT_NAME, version: 'oauth-check' },
  },
});

function toProbe(kind: ProbeKind, method: string, result: GuardedResult, issuer?: string): Probe {
  return {
    kind,
    purpose: probePurpose(kind, issuer),
    method,
    url: result.url,
    status: result.ok ? result.status : null,
    contentType: result.ok ? result.contentType : null,
    error: result.ok ? null : result.error,
    redirects: result.redirects,
    durationMs: result.durationMs,
    wwwAuthenticate: result.ok ? (result.headers['www-authenticate'] ?? null) : null,
  };
}

const notFound: FetchedDocument = { url: null, status: null, contentType: null, body: null };

/** Tries URLs in order; the first 2xx answer is the document. Every attempt becomes a probe. */
async function firstDocument(
  kind: ProbeKind,
  urls: readonly string[],
  fetchOptions: GuardedFetchOptions,
  probes: Probe[],
  issuer?: string,
): Promise<FetchedDocument> {
  for (const url of urls) {
    const result = await guardedFetch(url, { ...fetchOptions, headers: { Accept: 'application/json' } });
    probes.push(toProbe(kind, 'GET', result, issuer));
    if (result.ok && result.status >= 200 && result.status < 300) {
      return { url: result.finalUrl, status: result.status, contentType: result.contentType, body: result.body };
    }
    // A refused or failed request (blocked, timeout, too large, network) is not "absent": the next
    // location is on the same server, so stop rather than spend another timeout on it.
    if (!result.ok) return notFound;
  }
  return notFound;
}

/** What the made-up token starts with: recognisable in a server's logs as this check's. */
const BOGUS_TOKEN_PREFIX = 'hintcheck-invalid-token-';

/** A 2xx JSON object from the challenge's URL counts; anything else sends the check to the well-known locations. */
function isUsableFromChallenge(doc: FetchedDocument): boolean {
  if (doc.body === null) return false;
  try {
    const value: unknown = JSON.parse(doc.body);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** RFC 9728 §3.1: the path-inserted location, then the root one, with the resources each may name. */
async function wellKnownDocument(
  resource: string,
  url: URL,
  endpointResources: string[],
  fetchOptions: GuardedFetchOptions,
  probes: Probe[],
  alreadyTried: string | undefined,
): Promise<{ document: FetchedDocument; expectedResources: string[] }> {
  // For a path-less URL there is only the root location; a location the challenge named was asked already.
  const urls = protectedResourceMetadataUrls(resource);
  const fresh = (candidate: string | undefined): string | undefined =>
    candidate === alreadyTried ? undefined : candidate;
  const [pathInserted, root] = urls.length > 1 ? urls.map(fresh) : [undefined, fresh(urls[0])];
  const document =
    pathInserted === undefined
      ? notFound
      : await firstDocument('prm-well-known-path', [pathInserted], fetchOptions, probes);
  if (document.body !== null || root === undefined) return { document, expectedResources: endpointResources };
  // Inserted at the root, the suffix describes the origin; a document naming the endpoint itself describes it too.
  return {
    document: await firstDocument('prm-well-known-root', [root], fetchOptions, probes),
    expectedResources: [...new Set([url.origin, `${url.origin}/`, ...endpointResources])],
  };
}

/**
 * The 2025-03-26 fallbacks, for a server that answers 401 (with a Bearer challenge or none) and has no
 * protected-resource metadata at any location (not one that failed to answer): the RFC 8414 metadata at its origin,
 * else (an HTTP answer without it) the default endpoints there.
 */
async function legacyDiscovery(
  url: URL,
  prm: FetchedDocument,
  post: GuardedResult,
  probes: Probe[],
  fetchOptions: GuardedFetchOptions,
): Promise<OAuthEvidence['legacy']> {
  if (prm.body !== null || !post.ok || post.status !== 401) return undefined;
  // A challenge of another scheme only (Basic, an API key) is not OAuth: no fallback to guess at.
  const header = post.headers['www-authenticate'];
  if (header !== undefined && header !== '' && readChallenge(header) === null) return undefined;
  if (probes.some((probe) => isProtectedResourceProbe(probe.kind) && probe.status === null)) return undefined;
  const location = `${url.origin}/.well-known/oauth-authorization-server`;
  const metadata = await firstDocument('as-metadata-origin', [location], fetchOptions, probes, url.origin);
  if (metadata.body !== null) return { kind: 'origin-metadata', origin: url.origin, metadata };
  const answered = probes.at(-1)?.status ?? null;
  return answered === null ? undefined : { kind: 'default-endpoints', origin: url.origin };
}

/** The endpoint asked unauthenticated, in parallel: POST initialize and GET for an event stream. */
async function probeEndpoint(
  url: URL,
  fetchOptions: GuardedFetchOptions,
  probes: Probe[],
): Promise<{ post: GuardedResult; get: GuardedResult }> {
  const [post, get] = await Promise.all([
    guardedFetch(url.toString(), {
      ...fetchOptions,
      method: 'POST',
      body: INITIALIZE,
      headersOnly: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    }),
    guardedFetch(url.toString(), { ...fetchOptions, headersOnly: true, headers: { Accept: 'text/event-stream' } }),
  ]);
  probes.push(toProbe('endpoint-post', 'POST', post), toProbe('endpoint-get', 'GET', get));
  return { post, get };
}

/** A protected endpoint must refuse a made-up token with 401 and error="invalid_token" (RFC 6750 §3.1). */
async function probeBogusToken(
  url: URL,
  fetchOptions: GuardedFetchOptions,
  probes: Probe[],
): Promise<NonNullable<OAuthEvidence['bogusToken']>> {
  const made = await guardedFetch(url.toString(), {
    ...fetchOptions,
    method: 'POST',
    body: INITIALIZE,
    headersOnly: true,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${BOGUS_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`,
    },
  });
  probes.push(toProbe('endpoint-bogus-token', 'POST', made));
  return made.ok
    ? { status: made.status, contentType: made.contentType, wwwAuthenticate: made.headers['www-authenticate'] ?? null }
    : { status: null, contentType: null, wwwAuthenticate: null };
}

/**
 * Protected-resource metadata: the challenge's URL, else the well-known locations; with the resources it may
 * name. Nothing is fetched when the endpoint answered neither probe (the same origin would be unreachable).
 */
async function protectedResourceMetadata(
  url: URL,
  endpoint: { post: GuardedResult; get: GuardedResult; webPage: boolean },
  wwwAuthenticate: string | null,
  fetchOptions: GuardedFetchOptions,
  probes: Probe[],
): Promise<{ prm: FetchedDocument; expectedResources: string[] }> {
  const resource = `${url.origin}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
  // A path-less URL is spelled with or without its slash (https://h, https://h/): both name the endpoint.
  const endpointResources = url.pathname === '/' ? [resource, `${url.origin}/${url.search}`] : [resource];
  if (endpoint.webPage || (!endpoint.post.ok && !endpoint.get.ok))
    return { prm: notFound, expectedResources: endpointResources };
  const fromHeader = readChallenge(wwwAuthenticate)?.resourceMetadata ?? undefined;
  let prm: FetchedDocument = notFound;
  if (fromHeader !== undefined) prm = await firstDocument('prm-challenge', [fromHeader], fetchOptions, probes);
  // When the challenge's URL gives nothing, the well-known locations are tried too (reported as prm-challenge-failed).
  if (prm.body === null || !isUsableFromChallenge(prm)) {
    const fallback = await wellKnownDocument(resource, url, endpointResources, fetchOptions, probes, fromHeader);
    if (fallback.document.body !== null)
      return { prm: fallback.document, expectedResources: fallback.expectedResources };
  }
  return { prm, expectedResources: endpointResources };
}

/** The authorization servers named by metadata that describes this resource (at most five); none otherwise. */
export function authorizationServerIssuers(prm: FetchedDocument, expectedResources: readonly string[]): string[] {
  if (prm.body === null) return [];
  try {
    const doc = JSON.parse(prm.body) as { resource?: unknown; authorization_servers?: unknown };
    if (
      typeof doc.resource === 'string' &&
      expectedResources.includes(doc.resource) &&
      Array.isArray(doc.authorization_servers)
    ) {
      return doc.authorization_servers
        .filter((v): v is string => typeof v === 'string')
        .slice(0, MAX_AUTHORIZATION_SERVERS);
    }
  } catch {
    // Reported by the core as prm-invalid.
  }
  return [];
}

/** Each authorization server's metadata, servers in parallel; their probes appended in the issuers' order. */
async function authorizationServerMetadata(
  issuers: readonly string[],
  fetchOptions: GuardedFetchOptions,
  probes: Probe[],
): Promise<{ issuer: string; metadata: FetchedDocument }[]> {
  const servers = await Promise.all(
    issuers.map(async (issuer) => {
      let candidates: string[];
      try {
        candidates = authorizationServerMetadataUrls(issuer);
      } catch {
        return { issuer, metadata: notFound, probes: [] as Probe[] };
      }
      const own: Probe[] = [];
      const metadata = await firstDocument('as-metadata', candidates, fetchOptions, own, issuer);
      return { issuer, metadata, probes: own };
    }),
  );
  for (const server of servers) probes.push(...server.probes);
  return servers.map(({ issuer, metadata }) => ({ issuer, metadata }));
}

export async function checkOAuth(rawUrl: string, options: OAuthCheckOptions = {}): Promise<OAuthReport> {
  const url = new URL(rawUrl);
  url.hash = '';
  const loopbackTarget = isLoopbackHost(url.hostname);
  const fetchOptions: GuardedFetchOptions = { ...options, allowLoopback: loopbackTarget };
  const probes: Probe[] = [];

  const { post, get } = await probeEndpoint(url, fetchOptions, probes);
  const wwwAuthenticate = post.ok ? (post.headers['www-authenticate'] ?? null) : null;
  const bogusToken =
    post.ok && requiresAuthorization(post.status) ? await probeBogusToken(url, fetchOptions, probes) : undefined;
  // A web page (lib/core/web-page.ts) has no metadata to look for: its site answers every path with a page.
  const webPage = endpointIsWebPage({
    initialize: {
      status: post.ok ? post.status : null,
      contentType: post.ok ? post.contentType : null,
      wwwAuthenticate,
    },
    get: { status: get.ok ? get.status : null, contentType: get.ok ? get.contentType : null },
  });
  const { prm, expectedResources } = await protectedResourceMetadata(
    url,
    { post, get, webPage },
    wwwAuthenticate,
    fetchOptions,
    probes,
  );
  const authorizationServers = await authorizationServerMetadata(
    authorizationServerIssuers(prm, expectedResources),
    fetchOptions,
    probes,
  );
  const legacy = webPage ? undefined : await legacyDiscovery(url, prm, post, probes, fetchOptions);

  // The evidence (documents, headers, URLs) is redacted whole before the core reads or cuts any of it.
  const redactor: Redactor = redactorFor({ transport: 'auto', url: url.toString(), headers: {} }, {});
  const evidence = redactor.value({
    url: url.toString(),
    displayUrl: redactUrl(url.toString()),
    loopbackTarget,
    probes,
    initialize: {
      status: post.ok ? post.status : null,
      contentType: post.ok ? post.contentType : null,
      wwwAuthenticate,
    },
    get: { status: get.ok ? get.status : null, contentType: get.ok ? get.contentType : null },
    bogusToken,
    prm: { ...prm, expectedResources },
    authorizationServers,
    legacy,
  });
  return buildOAuthReport(evidence);
}
