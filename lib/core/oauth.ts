/**
 * Verdicts on a hosted MCP server's authorization metadata, from documents already fetched:
 * the WWW-Authenticate challenge (RFC 6750 §3, MCP authorization spec 2025-11-25), protected-
 * resource metadata (RFC 9728), authorization-server metadata (RFC 8414, OpenID Connect Discovery).
 * Pure: the fetching lives in lib/server/oauth-discovery.ts and follows the URL orders defined here.
 */
import { getDomain } from 'tldts';
import { z } from 'zod';
import { SEVERITIES, type Severity } from './flags';

// ---------------------------------------------------------------------------------------------
// Where to look

/** RFC 9728 §3.1: insert the well-known suffix between host and path; then the root location. */
export function protectedResourceMetadataUrls(resource: string): string[] {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path === '' ? [root] : [`${root}${path}`, root];
}

/** RFC 8414 §3.1 and OpenID Connect Discovery, path-aware, in the order the MCP spec gives. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  if (path === '') {
    return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  }
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

// ---------------------------------------------------------------------------------------------
// The challenge

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** Parses a WWW-Authenticate value into its challenges (RFC 9110 §11.6.1: scheme, then auth-params). */
export function parseWwwAuthenticate(value: string): Challenge[] {
  const challenges: Challenge[] = [];
  const token = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;
  const at = (index: number): string => value.charAt(index);
  let current: Challenge | null = null;
  let i = 0;
  const skip = (chars: string): void => {
    while (i < value.length && chars.includes(at(i))) i++;
  };
  while (i < value.length) {
    skip(' \t,');
    const start = i;
    while (i < value.length && token.test(at(i))) i++;
    const name = value.slice(start, i);
    if (name === '') {
      i++;
      continue;
    }
    let next = i;
    while (at(next) === ' ' || at(next) === '\t') next++;
    if (current !== null && at(next) === '=' && at(next + 1) !== '=') {
      i = next + 1;
      skip(' \t');
      let param = '';
      if (at(i) === '"') {
        i++;
        while (i < value.length && at(i) !== '"') {
          if (at(i) === '\\') i++;
          param += at(i);
          i++;
        }
        i++;
      } else {
        const from = i;
        while (i < value.length && at(i) !== ',' && at(i) !== ' ') i++;
        param = value.slice(from, i);
      }
      current.params[name.toLowerCase()] = param;
    } else {
      current = { scheme: name, params: {} };
      challenges.push(current);
      i = next;
    }
  }
  return challenges;
}

// ---------------------------------------------------------------------------------------------
// The report

/** Probes of the user's own endpoint have purposes starting with this. */
export const ENDPOINT_PURPOSE = 'MCP endpoint';

export const FINDING_IDS = [
  'no-auth-required',
  'not-https',
  'get-405',
  'prm-missing',
  'prm-invalid',
  'prm-resource-mismatch',
  'prm-no-authorization-servers',
  'as-third-party',
  'as-metadata-missing',
  'as-issuer-mismatch',
  'as-pkce-missing',
  'as-pkce-no-s256',
  'as-not-https',
  'as-dynamic-registration',
  'as-client-id-metadata',
  'as-no-registration',
  'scope-single',
  'scope-admin',
  'ssrf-blocked',
  'fetch-timeout',
  'body-too-large',
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

export const findingSchema = z.object({
  id: z.enum(FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  explanation: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

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
  'scope-single': {
    severity: 'medium',
    explanation:
      'Only one scope is offered, so no partial grant is possible: the agent gets everything the scope covers or nothing.',
  },
  'scope-admin': {
    severity: 'high',
    explanation:
      'An admin-like scope is offered: a token with it lets the agent do whatever an administrator can. With no narrower scope, consenting means handing over admin rights.',
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

export const probeSchema = z.object({
  purpose: z.string(),
  method: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  contentType: z.string().nullable(),
  /** Why no status: blocked, timeout, too-large, network, tls, ... */
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  redirects: z.array(z.string()),
  durationMs: z.number(),
  wwwAuthenticate: z.string().nullable(),
});
export type Probe = z.infer<typeof probeSchema>;

export const oauthReportSchema = z.object({
  url: z.string(),
  /** False when not one request to the server got an HTTP answer. */
  reachable: z.boolean(),
  probes: z.array(probeSchema),
  challenge: z
    .object({
      scheme: z.string(),
      resourceMetadata: z.string().nullable(),
      scope: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  protectedResource: z.object({ url: z.string().nullable(), document: z.unknown(), used: z.boolean() }),
  authorizationServers: z.array(
    z.object({ issuer: z.string(), metadataUrl: z.string().nullable(), document: z.unknown() }),
  ),
  scopes: z.array(z.string()),
  scopeSource: z.enum(['challenge', 'metadata', 'none']),
  findings: z.array(findingSchema),
  lessons: z.object({ issuer: z.string(), scopes: z.string(), transport: z.string() }),
});
export type OAuthReport = z.infer<typeof oauthReportSchema>;

/** A fetched document, as the discovery saw it. */
export interface FetchedDocument {
  /** The URL that answered (after redirects), or null when none did. */
  url: string | null;
  status: number | null;
  contentType: string | null;
  body: string | null;
}

export interface OAuthEvidence {
  /** The URL the user gave (redacted for display). */
  url: string;
  displayUrl: string;
  /** True when the user gave a loopback URL (local development: http and loopback allowed). */
  loopbackTarget: boolean;
  probes: Probe[];
  initialize: { status: number | null; contentType: string | null; wwwAuthenticate: string | null };
  get: { status: number | null };
  /** The resource values the protected-resource metadata may name (RFC 9728 §3.3), and the document found. */
  prm: FetchedDocument & { expectedResources: string[] };
  authorizationServers: { issuer: string; metadata: FetchedDocument }[];
}

const ADMIN_SCOPE = /(^|[:._/-])(admin|administrator|root|superuser|owner|full[_-]?access|all)($|[:._/-])|^\*$/i;

/** localhost, ::1 or 127.0.0.0/8, written as a host name (brackets allowed). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** The registrable domain (eTLD+1, private suffixes included), or the host itself for IPs and single labels. */
export function siteOf(host: string): string {
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

function parseJsonObject(doc: FetchedDocument): { value: Record<string, unknown> | null; problem: string | null } {
  if (doc.body === null) return { value: null, problem: null };
  const type = doc.contentType ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(doc.body);
  } catch {
    return { value: null, problem: `is not JSON (content type ${type === '' ? 'missing' : type})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { value: null, problem: 'is JSON but not an object' };
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type))
    return {
      value: parsed as Record<string, unknown>,
      problem: `has content type ${type === '' ? '(none)' : type}, not application/json`,
    };
  return { value: parsed as Record<string, unknown>, problem: null };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function buildOAuthReport(evidence: OAuthEvidence): OAuthReport {
  const findings: Finding[] = [];
  const add = (id: FindingId, message: string, severity: Severity = FINDING_EXPLANATIONS[id].severity): void => {
    if (findings.some((f) => f.id === id && f.message === message)) return;
    findings.push({ id, severity, message, explanation: FINDING_EXPLANATIONS[id].explanation });
  };
  const resource = new URL(evidence.url);

  for (const probe of evidence.probes) {
    // The user's own endpoint is not a document-supplied URL: a refusal there shows in its probe and in reachable.
    if (probe.error?.kind === 'blocked' && !probe.purpose.startsWith(ENDPOINT_PURPOSE)) {
      add('ssrf-blocked', `${probe.purpose}: ${probe.error.message}`);
    }
    if (probe.error?.kind === 'timeout')
      add('fetch-timeout', `${probe.purpose} (${probe.method} ${probe.url}) timed out.`);
    if (probe.error?.kind === 'too-large')
      add('body-too-large', `${probe.purpose} (${probe.url}) was larger than the cap.`);
  }
  // Same origin, not a string prefix: https://h must not match https://h.evil.test or http://h:8080.
  const sameOrigin = (raw: string): boolean => URL.canParse(raw) && new URL(raw).origin === resource.origin;
  const reachable = evidence.probes.some((probe) => probe.status !== null && sameOrigin(probe.url));

  if (resource.protocol === 'http:' && !isLoopbackHost(resource.hostname))
    add('not-https', `${evidence.displayUrl} is plain HTTP.`);
  const initStatus = evidence.initialize.status;
  const answeredMcp = /^(application\/json|text\/event-stream)\b/i.test(evidence.initialize.contentType ?? '');
  if (initStatus !== null && initStatus >= 200 && initStatus < 300 && answeredMcp) {
    add('no-auth-required', `POST initialize answered ${initStatus} without credentials: this server answers anyone.`);
  }
  if (evidence.get.status === 405) add('get-405', 'GET answered 405: a POST-only transport.');

  // The challenge.
  const challenges =
    evidence.initialize.wwwAuthenticate === null ? [] : parseWwwAuthenticate(evidence.initialize.wwwAuthenticate);
  const bearer = challenges.find((c) => c.scheme.toLowerCase() === 'bearer') ?? null;
  const challenge =
    bearer === null
      ? null
      : {
          scheme: bearer.scheme,
          resourceMetadata: bearer.params.resource_metadata ?? null,
          scope: bearer.params.scope ?? null,
          error: bearer.params.error ?? null,
        };

  // Protected-resource metadata.
  const prmParsed = parseJsonObject(evidence.prm);
  let prm: Record<string, unknown> | null = null;
  let used = false;
  const needsAuth = initStatus === 401 || initStatus === 403;
  // A location that timed out, was too large or was refused may well hold metadata: do not say there is none.
  const prmFailures = [
    ...new Set(
      evidence.probes
        .filter((probe) => probe.purpose.startsWith('protected-resource metadata') && probe.error !== null)
        .map((probe) => probe.error?.kind ?? ''),
    ),
  ];
  if (evidence.prm.body === null) {
    if (reachable)
      add(
        'prm-missing',
        prmFailures.length > 0
          ? `No usable protected-resource metadata: fetching it failed (${prmFailures.join(', ')}).`
          : needsAuth
            ? 'The server requires authorization but publishes no protected-resource metadata.'
            : 'No protected-resource metadata was found.',
        needsAuth ? 'high' : 'info',
      );
  } else if (prmParsed.value === null || typeof prmParsed.value.resource !== 'string') {
    add(
      'prm-invalid',
      `The protected-resource metadata at ${evidence.prm.url ?? '?'} ${prmParsed.problem ?? 'has no resource field'}.`,
    );
  } else {
    if (prmParsed.problem !== null) add('prm-invalid', `The protected-resource metadata ${prmParsed.problem}.`, 'low');
    const declared = prmParsed.value.resource;
    if (!evidence.prm.expectedResources.includes(declared)) {
      add(
        'prm-resource-mismatch',
        `The metadata says resource "${declared}", but it was fetched for ${evidence.prm.expectedResources.map((r) => `"${r}"`).join(' or ')}. It was not used.`,
      );
    } else {
      prm = prmParsed.value;
      used = true;
    }
  }

  // Authorization servers.
  const issuers = prm === null ? [] : strings(prm.authorization_servers);
  if (prm !== null && issuers.length === 0)
    add('prm-no-authorization-servers', 'authorization_servers is missing or empty.');
  const resourceSite = siteOf(resource.hostname);
  const servers: OAuthReport['authorizationServers'] = [];
  for (const { issuer, metadata } of evidence.authorizationServers) {
    let issuerUrl: URL | null = null;
    try {
      issuerUrl = new URL(issuer);
    } catch {
      add('as-metadata-missing', `The authorization server "${issuer.slice(0, 100)}" is not a URL.`);
    }
    if (issuerUrl !== null) {
      const site = siteOf(issuerUrl.hostname);
      if (site !== resourceSite) {
        add(
          'as-third-party',
          `Tokens are issued by ${issuerUrl.hostname} (${site}), not by ${resource.hostname} (${resourceSite}).`,
        );
      }
      if (issuerUrl.protocol !== 'https:' && !(evidence.loopbackTarget && isLoopbackHost(issuerUrl.hostname))) {
        add('as-not-https', `The issuer ${issuer} is not HTTPS.`);
      }
    }
    const parsed = parseJsonObject(metadata);
    const doc = parsed.value;
    servers.push({ issuer, metadataUrl: metadata.url, document: doc ?? null });
    if (metadata.body === null || doc === null) {
      add(
        'as-metadata-missing',
        `No usable metadata for ${issuer}${parsed.problem === null ? '' : `: it ${parsed.problem}`}.`,
      );
      continue;
    }
    if (doc.issuer !== issuer) {
      // RFC 8414 §3.3: such a document must not be used, so nothing else is read from it.
      add(
        'as-issuer-mismatch',
        `The metadata for ${issuer} names issuer ${JSON.stringify(doc.issuer ?? null)}; it was not used.`,
      );
      continue;
    }
    const methods = doc.code_challenge_methods_supported;
    if (methods === undefined) add('as-pkce-missing', `${issuer} does not publish code_challenge_methods_supported.`);
    else if (!strings(methods).includes('S256'))
      add('as-pkce-no-s256', `${issuer} lists PKCE methods ${JSON.stringify(methods)}, without S256.`);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'jwks_uri']) {
      const value = doc[key];
      if (typeof value !== 'string') continue;
      try {
        const endpoint = new URL(value);
        if (endpoint.protocol !== 'https:' && !(evidence.loopbackTarget && isLoopbackHost(endpoint.hostname))) {
          add('as-not-https', `${key} of ${issuer} is ${value}.`);
        }
      } catch {
        add('as-not-https', `${key} of ${issuer} is not a URL.`);
      }
    }
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

  // Scopes: the challenge's scope wins; else everything in scopes_supported.
  let scopes: string[] = [];
  let scopeSource: OAuthReport['scopeSource'] = 'none';
  if (challenge?.scope !== undefined && challenge.scope !== null && challenge.scope.trim() !== '') {
    scopes = challenge.scope.trim().split(/\s+/);
    scopeSource = 'challenge';
  } else if (prm !== null && strings(prm.scopes_supported).length > 0) {
    scopes = strings(prm.scopes_supported);
    scopeSource = 'metadata';
  }
  if (scopes.length === 1) add('scope-single', `One scope only: ${scopes[0] ?? ''}.`);
  const admin = scopes.filter((scope) => ADMIN_SCOPE.test(scope));
  if (admin.length > 0) {
    // Only admin-like scopes: consenting means admin rights. With narrower ones beside them, a client can ask for less.
    const onlyAdmin = admin.length === scopes.length;
    add(
      'scope-admin',
      `Admin-like scope${admin.length > 1 ? 's' : ''}: ${admin.join(', ')} (of ${scopes.join(', ')})${onlyAdmin ? '; nothing narrower is offered' : ''}.`,
      onlyAdmin ? 'high' : 'medium',
    );
  }

  const lessons = {
    issuer: describeIssuers(evidence, servers, resource.hostname, resourceSite, used, initStatus),
    scopes:
      scopes.length === 0
        ? 'No scopes are advertised.'
        : scopes.length === 1
          ? `One scope, ${scopes[0] ?? ''}: no partial grant; the agent gets all of it or nothing.`
          : `${scopes.length} scopes (${scopes.join(', ')}): a client can ask for less than everything.`,
    transport: describeTransport(evidence),
  };

  findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  return {
    url: evidence.displayUrl,
    reachable,
    probes: evidence.probes,
    challenge,
    protectedResource: {
      url: evidence.prm.url,
      document: prmParsed.value ?? (evidence.prm.body === null ? null : evidence.prm.body.slice(0, 2000)),
      used,
    },
    authorizationServers: servers,
    scopes,
    scopeSource,
    findings,
    lessons,
  };
}

function describeIssuers(
  evidence: OAuthEvidence,
  servers: OAuthReport['authorizationServers'],
  host: string,
  site: string,
  used: boolean,
  initStatus: number | null,
): string {
  if (initStatus !== null && initStatus >= 200 && initStatus < 300)
    return 'Nobody: the server answers without authorization.';
  if (!used) return 'Unknown: no usable protected-resource metadata names an authorization server.';
  if (servers.length === 0) return 'Nobody is named as authorization server.';
  return servers
    .map(({ issuer }) => {
      try {
        const issuerHost = new URL(issuer).hostname;
        return siteOf(issuerHost) === site
          ? `Tokens are issued by ${issuerHost}, on the server's own domain (${site}).`
          : `Tokens are issued by ${issuerHost}, a different domain from ${host}: do you recognise ${siteOf(issuerHost)}?`;
      } catch {
        return `The authorization server "${issuer}" is not a URL.`;
      }
    })
    .join(' ');
}

function describeTransport(evidence: OAuthEvidence): string {
  const { status } = evidence.get;
  const init = evidence.initialize.status;
  const post = init === null ? 'POST got no answer' : `POST initialize answered ${init}`;
  if (status === 405)
    return `${post}; GET answered 405: a POST-only transport (application/json), as Streamable HTTP allows.`;
  if (status === 200)
    return `${post}; GET answered 200: the server offers an event stream (Streamable HTTP with SSE, or legacy HTTP+SSE).`;
  return `${post}; GET answered ${status === null ? 'nothing' : String(status)}.`;
}
