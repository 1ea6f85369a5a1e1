/**
 * The doctor's HTTP steps, each one request through the SSRF guard (fetcher.ts): a 2025-era
 * `initialize` POST (its status and content type, then whether it is a JSON-RPC answer: Streamable
 * HTTP), a GET for the legacy HTTP+SSE transport when POST found no endpoint, the 2026-07-28
 * `server/discover`, and for a 401 the protected-resource and authorization-server metadata.
 * A session an initialize opens is deleted again.
 */
import { httpVerdict, jsonRpcMessage } from '../../core/doctor/classify';
import { isJsonRpc, legacyEraVerdict, modernEraVerdict } from '../../core/doctor/eras';
import { skipped, step, type DoctorStep } from '../../core/doctor/steps';
import { isRecord } from '../../core/is-record';
import { authorizationServerMetadataUrls, protectedResourceMetadataUrls } from '../../core/oauth/locations';
import { parseWwwAuthenticate } from '../../core/oauth/www-authenticate';
import { LEGACY_VERSIONS, MODERN_VERSION } from '../../core/protocol';
import { PRODUCT_NAME } from '../../core/product';
import type { GuardedResult } from '../mcp/guarded-fetch';
import type { DoctorFetch } from './fetcher';

const CLIENT = { name: `${PRODUCT_NAME} doctor`, version: '1' };
const LATEST_LEGACY = LEGACY_VERSIONS[LEGACY_VERSIONS.length - 1] ?? '2025-11-25';
const POST_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 'doctor-initialize',
  method: 'initialize',
  params: { protocolVersion: LATEST_LEGACY, capabilities: {}, clientInfo: CLIENT },
});
const DISCOVER = JSON.stringify({
  jsonrpc: '2.0',
  id: 'doctor-discover',
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
      'io.modelcontextprotocol/clientInfo': CLIENT,
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

const failure = (result: GuardedResult & { ok: false }): string => `${result.error.kind}: ${result.error.message}`;
const FETCH_ADVICE: Record<string, string> = {
  blocked:
    'The SSRF guard refused the request (a private address, a non-https URL off loopback, credentials in the URL).',
  timeout: 'The server did not answer in time: overloaded, or a proxy holds the request.',
  'too-large': 'The answer was larger than 256 KiB: not an MCP answer to a first request.',
  tls: 'See the TLS step.',
  network: 'The connection broke: check the network path and any proxy.',
  'bad-url': 'Check the URL.',
};

const timer = (): (() => number) => {
  const started = performance.now();
  return () => Math.round(performance.now() - started);
};

/** HTTP status and content type, Streamable HTTP, SSE, both eras, then the sign-in metadata. */
export async function httpSteps(url: string, fetch: DoctorFetch): Promise<DoctorStep[]> {
  const took = timer();
  const post = await fetch(url, { method: 'POST', headers: POST_HEADERS, body: INITIALIZE });
  if (!post.ok) {
    return [
      step('http', 'fail', `POST ${url}: ${failure(post)}.`, took(), FETCH_ADVICE[post.error.kind] ?? null),
      ...(
        ['streamable-http', 'sse', 'era-2026', 'era-2025', 'protected-resource', 'authorization-server'] as const
      ).map((id) => skipped(id, 'the HTTP step failed')),
    ];
  }
  const message = jsonRpcMessage(post.contentType, post.body);
  const rpc = isJsonRpc(message);
  const http =
    rpc && post.status === 400
      ? { outcome: 'ok' as const, detail: `HTTP 400 with a JSON-RPC error (see the era steps).`, tryNext: null }
      : httpVerdict(post.status, post.contentType, post.body);
  const steps = [step('http', http.outcome, http.detail, took(), http.tryNext)];
  await endSession(url, post, fetch);
  if (post.status === 401) {
    const waiting = 'sign-in needed first (HTTP 401)';
    return [
      ...steps,
      ...(['streamable-http', 'sse', 'era-2026', 'era-2025'] as const).map((id) => skipped(id, waiting)),
      ...(await signInSteps(url, post.headers['www-authenticate'] ?? null, fetch)),
    ];
  }
  const noSignIn = (['protected-resource', 'authorization-server'] as const).map((id) =>
    skipped(id, 'no sign-in asked (no HTTP 401)'),
  );
  if (!rpc) {
    return [
      ...steps,
      ...(await legacySteps(url, http.tryNext, fetch)),
      ...(['era-2026', 'era-2025'] as const).map((id) => skipped(id, 'no Streamable HTTP endpoint')),
      ...noSignIn,
    ];
  }
  return [
    ...steps,
    step('streamable-http', 'ok', 'POST got a JSON-RPC answer.', 0),
    skipped('sse', 'not needed: Streamable HTTP answered'),
    ...(await eraSteps(url, message, fetch)),
    ...noSignIn,
  ];
}

/** POST found no endpoint: does GET open a legacy HTTP+SSE stream? */
async function legacySteps(url: string, advice: string | null, fetch: DoctorFetch): Promise<DoctorStep[]> {
  const noEndpoint = 'POST got no JSON-RPC answer.';
  const took = timer();
  const get = await fetch(url, { method: 'GET', headers: { Accept: 'text/event-stream' }, headersOnly: true });
  const sse = get.ok && get.status === 200 && (get.contentType ?? '').toLowerCase().startsWith('text/event-stream');
  // A legacy server works for clients that still speak its transport: a warning, not a failure.
  if (sse)
    return [
      step('streamable-http', 'warn', noEndpoint, 0, 'The server speaks only the legacy HTTP+SSE transport (below).'),
      step(
        'sse',
        'warn',
        'GET opened an event stream: a legacy HTTP+SSE server (deprecated since 2025-03-26).',
        took(),
        'Clients without the legacy transport cannot connect: audit with --transport sse, or ask for Streamable HTTP.',
      ),
    ];
  return [
    step('streamable-http', 'fail', noEndpoint, 0, advice ?? 'This URL is not a Streamable HTTP endpoint.'),
    step(
      'sse',
      'fail',
      get.ok
        ? `GET: HTTP ${get.status}, ${get.contentType ?? 'no content type'}: no event stream either.`
        : `GET: ${failure(get)}.`,
      took(),
      'Neither transport answers at this URL: check the path (often /mcp or /sse).',
    ),
  ];
}

/** server/discover (2026-07-28), and the 2025-era initialize already answered. */
async function eraSteps(
  url: string,
  initialized: Record<string, unknown> | null,
  fetch: DoctorFetch,
): Promise<DoctorStep[]> {
  const took = timer();
  // The 2026-07-28 Streamable HTTP transport names the revision and the method in headers too.
  const discover = await fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, 'Mcp-Protocol-Version': MODERN_VERSION, 'Mcp-Method': 'server/discover' },
    body: DISCOVER,
  });
  const modern = discover.ok
    ? modernEraVerdict(jsonRpcMessage(discover.contentType, discover.body))
    : { outcome: 'fail' as const, detail: `server/discover: ${failure(discover)}.`, tryNext: null };
  const legacy = legacyEraVerdict(initialized);
  return [
    step('era-2026', modern.outcome, modern.detail, took(), modern.tryNext),
    step('era-2025', legacy.outcome, legacy.detail, 0, legacy.tryNext),
  ];
}

/** A session the initialize opened (Mcp-Session-Id) is deleted again. */
async function endSession(url: string, answer: GuardedResult & { ok: true }, fetch: DoctorFetch): Promise<void> {
  const session = answer.headers['mcp-session-id'];
  if (session !== undefined) await fetch(url, { method: 'DELETE', headers: { 'Mcp-Session-Id': session } });
}

async function firstJson(
  urls: readonly string[],
  fetch: DoctorFetch,
): Promise<{ url: string; document: Record<string, unknown> } | { tried: string[] }> {
  const tried: string[] = [];
  for (const candidate of urls) {
    const answer = await fetch(candidate, { method: 'GET', headers: { Accept: 'application/json' } });
    tried.push(answer.ok ? `${candidate} (HTTP ${answer.status})` : `${candidate} (${answer.error.kind})`);
    if (!answer.ok || answer.status !== 200) continue;
    try {
      const document: unknown = JSON.parse(answer.body);
      if (isRecord(document)) return { url: candidate, document };
    } catch {
      // not JSON: try the next place
    }
  }
  return { tried };
}

async function signInSteps(url: string, challenge: string | null, fetch: DoctorFetch): Promise<DoctorStep[]> {
  let started = performance.now();
  const took = (): number => Math.round(performance.now() - started);
  const fromHeader =
    challenge === null
      ? undefined
      : parseWwwAuthenticate(challenge).find((entry) => entry.scheme.toLowerCase() === 'bearer')?.params
          .resource_metadata;
  const prm = await firstJson(fromHeader === undefined ? protectedResourceMetadataUrls(url) : [fromHeader], fetch);
  if (!('document' in prm))
    return [
      step(
        'protected-resource',
        'fail',
        `No protected-resource metadata: tried ${prm.tried.join(', ')}.`,
        took(),
        'A client cannot find where to sign in: the server must answer 401 with WWW-Authenticate resource_metadata, or serve /.well-known/oauth-protected-resource (RFC 9728). Run mcp-hintcheck oauth URL for the full check.',
      ),
      skipped('authorization-server', 'no protected-resource metadata'),
    ];
  const servers = Array.isArray(prm.document.authorization_servers)
    ? prm.document.authorization_servers.filter((entry): entry is string => typeof entry === 'string')
    : [];
  const steps = [
    step(
      'protected-resource',
      servers.length === 0 ? 'fail' : 'ok',
      `${prm.url}: resource ${typeof prm.document.resource === 'string' ? prm.document.resource : '(none)'}, authorization servers ${servers.join(', ') || '(none)'}.`,
      took(),
      'MCP requires at least one authorization server in the metadata.',
    ),
  ];
  const [issuer] = servers;
  if (issuer === undefined) return [...steps, skipped('authorization-server', 'the metadata names none')];
  started = performance.now();
  let urls: string[];
  try {
    urls = authorizationServerMetadataUrls(issuer);
  } catch {
    return [
      ...steps,
      step(
        'authorization-server',
        'fail',
        `"${issuer}" is not a URL.`,
        took(),
        'The protected-resource metadata must name the issuer URL.',
      ),
    ];
  }
  const as = await firstJson(urls, fetch);
  if (!('document' in as))
    return [
      ...steps,
      step(
        'authorization-server',
        'fail',
        `No authorization-server metadata: tried ${as.tried.join(', ')}.`,
        took(),
        'The authorization server must serve RFC 8414 or OpenID metadata; run mcp-hintcheck oauth URL for the full check.',
      ),
    ];
  const issued = as.document.issuer;
  return [
    ...steps,
    issued === issuer
      ? step('authorization-server', 'ok', `${as.url}: issuer ${issuer}.`, took())
      : step(
          'authorization-server',
          'fail',
          `${as.url} says issuer ${String(issued)}, not ${issuer} (RFC 8414 §3.3: the metadata must not be used).`,
          took(),
          'The authorization server is misconfigured, or something else answered at its well-known URL.',
        ),
  ];
}
