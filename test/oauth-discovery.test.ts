// checkOAuth end to end against test/fixtures/oauth-server.mjs, one scenario per test. Every request
// goes through a request function that refuses anything but 127.0.0.1 (and "localhost", resolved by an
// injected resolver to 127.0.0.1): no test can send a packet off the loopback interface.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { FindingId } from '../lib/core/oauth/findings';
import { oauthReportSchema, type OAuthReport, type Probe } from '../lib/core/oauth/schemas';
import type { RequestFunction, ResolvedAddress, Resolver } from '../lib/server/mcp/guarded-fetch';
import { checkOAuth, type OAuthCheckOptions } from '../lib/server/mcp/oauth-discovery';
import { renderOAuthSection } from '../lib/cli/print/print-oauth';
import { ansiStyle } from '../lib/cli/print/terminal';

// ---------------------------------------------------------------------------------------------
// Fixture (plain .mjs, loaded dynamically so the type checker does not need declarations).

interface OAuthFixture {
  origin: string;
  url: string;
  port: number;
  asOrigin: string | null;
  asPort: number | null;
  requests: { method: string; path: string; host: string }[];
  close(): Promise<void>;
}
interface FixtureModule {
  OAUTH_SCENARIOS: string[];
  PRM_PATH_INSERTED: string;
  PRM_ROOT: string;
  BLOCKED_REDIRECT_TARGET: string;
  BLOCKED_AS: string;
  startOAuthFixture(scenario: string): Promise<OAuthFixture>;
}
const fixtures = (await import(new URL('./fixtures/oauth-server.mjs', import.meta.url).href)) as FixtureModule;
const { PRM_PATH_INSERTED, PRM_ROOT, BLOCKED_REDIRECT_TARGET, BLOCKED_AS } = fixtures;

const open = new Set<OAuthFixture>();
afterEach(async () => {
  await Promise.all([...open].map((fixture) => fixture.close()));
  open.clear();
});

// ---------------------------------------------------------------------------------------------
// Loopback-only networking

const contacted: string[] = [];
const violations: string[] = [];
const resolved: string[] = [];

const resolve: Resolver = (hostname) => {
  resolved.push(hostname);
  if (hostname === 'localhost') return Promise.resolve<ResolvedAddress[]>([{ address: '127.0.0.1', family: 4 }]);
  return Promise.reject(new Error(`ENOTFOUND ${hostname} (tests resolve nothing but localhost)`));
};

const loopbackOnly = ((options: http.RequestOptions, callback?: (res: http.IncomingMessage) => void) => {
  const host = options.hostname ?? '';
  contacted.push(host);
  if (host !== '127.0.0.1' && host !== 'localhost') {
    violations.push(host);
    throw new Error(`test networking refuses ${host}`);
  }
  return http.request(options, callback);
}) as unknown as RequestFunction;

const OPTIONS: OAuthCheckOptions = { timeoutMs: 800, resolve, request: { http: loopbackOnly, https: loopbackOnly } };

afterEach(() => {
  expect(violations).toEqual([]);
  contacted.length = 0;
  resolved.length = 0;
});

async function run(scenario: string): Promise<{ fixture: OAuthFixture; report: OAuthReport }> {
  const fixture = await fixtures.startOAuthFixture(scenario);
  open.add(fixture);
  const report = await checkOAuth(fixture.url, OPTIONS);
  expect(oauthReportSchema.parse(report)).toEqual(report);
  return { fixture, report };
}

/** "METHOD path outcome", with the fixture's origins shortened. */
function describeProbes(report: OAuthReport, fixture: OAuthFixture): string[] {
  return report.probes.map((probe: Probe) => {
    let url = probe.url.replace(fixture.origin, '');
    if (fixture.asOrigin !== null) url = url.replace(fixture.asOrigin, '{as}');
    return `${probe.method} ${url} ${probe.status === null ? (probe.error?.kind ?? '?') : String(probe.status)}`;
  });
}

const ids = (report: OAuthReport): FindingId[] => report.findings.map((f) => f.id);
const severities = (report: OAuthReport) => report.findings.map((f) => `${f.id}:${f.severity}`);
const message = (report: OAuthReport, id: FindingId): string =>
  report.findings.find((f) => f.id === id)?.message ?? `(no ${id})`;

const AS_WELL_KNOWN = '/.well-known/oauth-authorization-server/auth';
// POST initialize, GET, then POST initialize with a made-up token (401 with error="invalid_token").
const ENDPOINT_PROBES = ['POST /public/mcp 401', 'GET /public/mcp 405', 'POST /public/mcp 401'];
const TRANSPORT_401 =
  'POST initialize answered 401; GET answered 405: a POST-only transport (application/json), as Streamable HTTP allows.';
const TWO_SCOPES = '2 scopes (mcp:read, mcp:write): a client can ask for less than everything.';
const OWN_ISSUER = "Tokens are issued by 127.0.0.1, on the server's own domain (127.0.0.1).";
const UNKNOWN_ISSUER = 'Unknown: no usable protected-resource metadata names an authorization server.';

// ---------------------------------------------------------------------------------------------

describe('checkOAuth against the fixture scenarios', () => {
  it('covers every fixture scenario below', () => {
    expect(fixtures.OAUTH_SCENARIOS).toHaveLength(30);
  });

  it('good: the whole chain is found and nothing high or medium is raised', async () => {
    const { fixture, report } = await run('good');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    expect(report.probes.map((p) => p.purpose)).toEqual([
      'MCP endpoint, POST initialize without credentials',
      'MCP endpoint, GET',
      'MCP endpoint, POST initialize with a made-up bearer token',
      'protected-resource metadata (from WWW-Authenticate)',
      `authorization-server metadata for ${fixture.origin}/auth`,
    ]);
    expect(severities(report)).toEqual(['get-405:info', 'as-dynamic-registration:info', 'scope-challenge:info']);
    expect(report.findings.filter((f) => f.severity === 'high' || f.severity === 'medium')).toEqual([]);
    expect(report.reachable).toBe(true);
    expect(report.url).toBe(fixture.url);
    expect(report.challenge).toEqual({
      scheme: 'Bearer',
      resourceMetadata: `${fixture.origin}${PRM_PATH_INSERTED}`,
      scope: 'mcp:read mcp:write',
      error: null,
    });
    expect(report.protectedResource).toMatchObject({
      url: `${fixture.origin}${PRM_PATH_INSERTED}`,
      used: true,
      document: { resource: fixture.url, authorization_servers: [`${fixture.origin}/auth`] },
    });
    expect(report.authorizationServers).toMatchObject([
      {
        issuer: `${fixture.origin}/auth`,
        metadataUrl: `${fixture.origin}${AS_WELL_KNOWN}`,
        document: { issuer: `${fixture.origin}/auth`, code_challenge_methods_supported: ['S256'] },
      },
    ]);
    expect(report.scopes).toEqual(['mcp:read', 'mcp:write']);
    expect(report.scopeSource).toBe('challenge');
    expect(report.lessons).toEqual({ issuer: OWN_ISSUER, scopes: TWO_SCOPES, transport: TRANSPORT_401 });
    expect(fixture.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /public/mcp',
      'GET /public/mcp',
      'POST /public/mcp',
      `GET ${PRM_PATH_INSERTED}`,
      `GET ${AS_WELL_KNOWN}`,
    ]);
    expect(contacted.every((host) => host === '127.0.0.1')).toBe(true);
  });

  it('root-only: the path-inserted location is tried first, then the root', async () => {
    const { fixture, report } = await run('root-only');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 404`,
      `GET ${PRM_ROOT} 200`,
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    expect(report.probes.slice(3, 5).map((p) => p.purpose)).toEqual([
      'protected-resource metadata (well-known, path)',
      'protected-resource metadata (well-known, root)',
    ]);
    expect(report.challenge).toBeNull();
    expect(report.protectedResource).toMatchObject({ url: `${fixture.origin}${PRM_ROOT}`, used: true });
    expect(report.scopeSource).toBe('metadata');
    expect(ids(report)).toEqual(['get-405', 'as-dynamic-registration']);
    expect(report.lessons.issuer).toBe(OWN_ISSUER);
  });

  it('path-inserted: found at the first well-known location, the root is not asked', async () => {
    const { fixture, report } = await run('path-inserted');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    expect(report.probes[3]?.purpose).toBe('protected-resource metadata (well-known, path)');
    expect(report.protectedResource.used).toBe(true);
    expect(ids(report)).toEqual(['get-405', 'as-dynamic-registration']);
  });

  it('resource-mismatch: the metadata is not used and no authorization server is contacted', async () => {
    const { fixture, report } = await run('resource-mismatch');
    expect(describeProbes(report, fixture)).toEqual([...ENDPOINT_PROBES, `GET ${PRM_PATH_INSERTED} 200`]);
    expect(severities(report)).toEqual(['prm-resource-mismatch:high', 'get-405:info', 'scope-challenge:info']);
    expect(message(report, 'prm-resource-mismatch')).toContain(`"${fixture.origin}/other/mcp"`);
    expect(message(report, 'prm-resource-mismatch')).toContain(`"${fixture.url}"`);
    expect(report.protectedResource.used).toBe(false);
    expect(report.authorizationServers).toEqual([]);
    expect(report.lessons.issuer).toBe(UNKNOWN_ISSUER);
  });

  it('third-party: the authorization server on another host is named with both domains', async () => {
    const { fixture, report } = await run('third-party');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET {as}${AS_WELL_KNOWN} 200`,
    ]);
    expect(severities(report)).toEqual([
      'as-third-party:medium',
      'get-405:info',
      'as-dynamic-registration:info',
      'scope-challenge:info',
    ]);
    expect(message(report, 'as-third-party')).toBe(
      'Tokens are issued by localhost (localhost), not by 127.0.0.1 (127.0.0.1).',
    );
    expect(report.lessons.issuer).toBe(
      'Tokens are issued by localhost, a different domain from 127.0.0.1: do you recognise localhost?',
    );
    expect(report.authorizationServers[0]?.metadataUrl).toBe(`${fixture.asOrigin ?? ''}${AS_WELL_KNOWN}`);
    expect(fixture.requests.at(-1)).toEqual({
      method: 'GET',
      path: AS_WELL_KNOWN,
      host: `localhost:${String(fixture.asPort)}`,
    });
    expect(resolved).toEqual(['localhost']);
  });

  it('single-admin-scope: one admin scope from scopes_supported', async () => {
    const { report } = await run('single-admin-scope');
    expect(severities(report)).toEqual([
      'scope-admin:high',
      'scope-single:medium',
      'get-405:info',
      'as-dynamic-registration:info',
    ]);
    expect(report.challenge?.scope).toBeNull();
    expect(report.scopes).toEqual(['mcp:admin']);
    expect(report.scopeSource).toBe('metadata');
    expect(message(report, 'scope-admin')).toContain('mcp:admin');
    expect(message(report, 'scope-single')).toContain('mcp:admin');
    expect(report.lessons.scopes).toBe('One scope, mcp:admin: no partial grant; the agent gets all of it or nothing.');
  });

  it.each([
    ['no-pkce', 'as-pkce-missing', 'code_challenge_methods_supported'],
    ['pkce-plain-only', 'as-pkce-no-s256', '["plain"]'],
    ['issuer-mismatch', 'as-issuer-mismatch', '/other"'],
  ] as const)('%s: %s', async (scenario, id, mentioned) => {
    const { fixture, report } = await run(scenario);
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    // An issuer mismatch means the document is not used, so nothing else is read from it.
    expect(severities(report)).toEqual(
      id === 'as-issuer-mismatch'
        ? [`${id}:high`, 'get-405:info', 'scope-challenge:info']
        : [`${id}:high`, 'get-405:info', 'as-dynamic-registration:info', 'scope-challenge:info'],
    );
    expect(message(report, id)).toContain(`${fixture.origin}/auth`);
    expect(message(report, id)).toContain(mentioned);
  });

  it('html-prm: an HTML page where the metadata should be', async () => {
    const { fixture, report } = await run('html-prm');
    // The challenge's URL gave HTML: the root well-known location is tried too (the path-inserted one was that URL).
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${PRM_ROOT} 404`,
    ]);
    expect(report.probes[3]?.contentType).toBe('text/html; charset=utf-8');
    expect(severities(report)).toEqual([
      'prm-invalid:high',
      'prm-challenge-failed:medium',
      'get-405:info',
      'scope-challenge:info',
    ]);
    expect(message(report, 'prm-challenge-failed')).toContain('no usable document');
    expect(message(report, 'prm-invalid')).toContain('not JSON');
    expect(message(report, 'prm-invalid')).toContain('text/html');
    expect(report.protectedResource.used).toBe(false);
    expect(report.protectedResource.document).toContain('<h1>Welcome</h1>');
    expect(report.lessons.issuer).toBe(UNKNOWN_ISSUER);
  });

  it('slow: the metadata request times out at timeoutMs', async () => {
    const started = performance.now();
    const { fixture, report } = await run('slow');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} timeout`,
      `GET ${PRM_ROOT} 404`,
    ]);
    expect(report.probes[3]?.durationMs).toBeGreaterThanOrEqual(700);
    expect(severities(report)).toEqual([
      'prm-missing:high',
      'fetch-timeout:medium',
      'prm-challenge-failed:medium',
      'get-405:info',
      'scope-challenge:info',
    ]);
    expect(message(report, 'fetch-timeout')).toContain(PRM_PATH_INSERTED);
    expect(message(report, 'prm-missing')).toContain('fetching it failed (timeout)');
  });

  it('oversized: a 5 MB document is cut off at the 1 MB default cap', async () => {
    const { fixture, report } = await run('oversized');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} too-large`,
      `GET ${PRM_ROOT} 404`,
    ]);
    expect(severities(report)).toEqual([
      'prm-missing:high',
      'body-too-large:medium',
      'prm-challenge-failed:medium',
      'get-405:info',
      'scope-challenge:info',
    ]);
    expect(message(report, 'body-too-large')).toContain(PRM_PATH_INSERTED);
    expect(message(report, 'prm-missing')).toContain('too-large');
  });

  it('redirect-chain: three redirects followed, each listed, the document used', async () => {
    const { fixture, report } = await run('redirect-chain');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      'GET /prm-start 200',
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    expect(report.probes[3]?.redirects).toEqual([
      `${fixture.origin}/hop-1`,
      `${fixture.origin}/hop-2`,
      `${fixture.origin}${PRM_PATH_INSERTED}`,
    ]);
    expect(report.protectedResource).toMatchObject({ url: `${fixture.origin}${PRM_PATH_INSERTED}`, used: true });
    expect(ids(report)).toEqual(['get-405', 'as-dynamic-registration', 'scope-challenge']);
  });

  it('redirect-to-blocked: the hop to 10.0.0.1 is refused before any connection', async () => {
    const { fixture, report } = await run('redirect-to-blocked');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      'GET /prm-start blocked',
      `GET ${PRM_PATH_INSERTED} 404`,
      `GET ${PRM_ROOT} 404`,
    ]);
    expect(report.probes[3]?.redirects).toEqual([BLOCKED_REDIRECT_TARGET]);
    expect(severities(report)).toEqual([
      'ssrf-blocked:high',
      'prm-missing:high',
      'prm-challenge-failed:medium',
      'get-405:info',
      'scope-challenge:info',
    ]);
    expect(message(report, 'prm-challenge-failed')).toContain('none had the metadata');
    expect(message(report, 'ssrf-blocked')).toContain('10.0.0.1');
    expect(message(report, 'prm-missing')).toContain('blocked');
    expect(contacted).not.toContain('10.0.0.1');
    expect(fixture.requests.map((r) => r.path)).toEqual([
      '/public/mcp',
      '/public/mcp',
      '/public/mcp',
      '/prm-start',
      PRM_PATH_INSERTED,
      PRM_ROOT,
    ]);
  });

  it('blocked-as: an authorization server on 169.254.169.254 is refused before any connection', async () => {
    const { fixture, report } = await run('blocked-as');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      'GET http://169.254.169.254/.well-known/oauth-authorization-server/latest blocked',
    ]);
    expect(severities(report)).toEqual([
      'ssrf-blocked:high',
      'as-not-https:high',
      'as-metadata-missing:high',
      'as-third-party:medium',
      'get-405:info',
      'scope-challenge:info',
    ]);
    expect(message(report, 'ssrf-blocked')).toContain('169.254.169.254');
    expect(message(report, 'as-metadata-missing')).toContain(BLOCKED_AS);
    expect(report.authorizationServers).toEqual([
      { issuer: BLOCKED_AS, metadataUrl: null, document: null, registration: null, assumed: false },
    ]);
    expect(contacted).not.toContain('169.254.169.254');
  });

  it('no-auth: initialize answered 200 without credentials', async () => {
    const { fixture, report } = await run('no-auth');
    expect(describeProbes(report, fixture)).toEqual([
      'POST /public/mcp 200',
      'GET /public/mcp 405',
      `GET ${PRM_PATH_INSERTED} 404`,
      `GET ${PRM_ROOT} 404`,
    ]);
    expect(severities(report)).toEqual(['no-auth-required:high', 'get-405:info', 'prm-missing:info']);
    expect(report.lessons).toEqual({
      issuer: 'Nobody: the server answers without authorization.',
      scopes: 'No scopes are advertised.',
      transport:
        'POST initialize answered 200; GET answered 405: a POST-only transport (application/json), as Streamable HTTP allows.',
    });
  });

  it('no-prm: a bare Bearer challenge and no metadata anywhere: the 2025-03-26 default endpoints', async () => {
    const { fixture, report } = await run('no-prm');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 404`,
      `GET ${PRM_ROOT} 404`,
      'GET /.well-known/oauth-authorization-server 404',
    ]);
    expect(report.challenge).toEqual({ scheme: 'Bearer', resourceMetadata: null, scope: null, error: null });
    expect(severities(report)).toEqual(['prm-missing:high', 'discovery-2025-03-26:medium', 'get-405:info']);
    expect(message(report, 'prm-missing')).toBe(
      'The server requires authorization but publishes no protected-resource metadata.',
    );
    expect(report.discovery).toBe('default-endpoints');
    expect(message(report, 'discovery-2025-03-26')).toBe(
      `No metadata at all: a sign-in relies on the 2025-03-26 default endpoints ${fixture.origin}/authorize, /token and /register.`,
    );
    expect(report.authorizationServers).toMatchObject([{ issuer: fixture.origin, assumed: true, metadataUrl: null }]);
    expect(report.lessons).toEqual({
      issuer: OWN_ISSUER,
      scopes: 'No scopes are advertised.',
      transport: TRANSPORT_401,
    });
  });

  it("origin-metadata: no protected-resource metadata, the AS metadata at the server's origin (2025-03-26)", async () => {
    const { fixture, report } = await run('origin-metadata');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 404`,
      `GET ${PRM_ROOT} 404`,
      'GET /.well-known/oauth-authorization-server 200',
    ]);
    expect(report.discovery).toBe('origin-metadata');
    expect(report.protectedResource.used).toBe(false);
    expect(report.authorizationServers).toMatchObject([
      {
        issuer: fixture.origin,
        metadataUrl: `${fixture.origin}/.well-known/oauth-authorization-server`,
        assumed: false,
      },
    ]);
    expect(severities(report)).toEqual([
      'prm-missing:high',
      'discovery-2025-03-26:medium',
      'get-405:info',
      'as-dynamic-registration:info',
    ]);
    expect(message(report, 'discovery-2025-03-26')).toContain(
      `${fixture.origin}/.well-known/oauth-authorization-server), the 2025-03-26 discovery`,
    );
    expect(report.probes.at(-1)?.kind).toBe('as-metadata-origin');
    const printed = renderOAuthSection(report, ansiStyle(false)).join('\n');
    expect(printed).toContain(
      "discovery: 2025-03-26: authorization-server metadata at the MCP server's origin, no protected-resource metadata",
    );
  });

  it('basic-auth: a 401 with only a Basic challenge is not OAuth: no 2025-03-26 fallback is guessed', async () => {
    const { fixture, report } = await run('basic-auth');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 404`,
      `GET ${PRM_ROOT} 404`,
    ]);
    expect(report.discovery).toBe('none');
    expect(ids(report)).not.toContain('discovery-2025-03-26');
  });

  it('implicit-grant: an authorization server offering the implicit and password grants', async () => {
    const { report } = await run('implicit-grant');
    expect(report.discovery).toBe('protected-resource');
    expect(severities(report)).toEqual(expect.arrayContaining(['as-password-grant:high', 'as-implicit-grant:medium']));
    expect(message(report, 'as-implicit-grant')).toContain('response type "token", grant type "implicit"');
  });

  it('oidc-only: an issuer without path, found at the OpenID location after the RFC 8414 one', async () => {
    const { fixture, report } = await run('oidc-only');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      'GET /.well-known/oauth-authorization-server 404',
      'GET /.well-known/openid-configuration 200',
    ]);
    expect(report.authorizationServers).toMatchObject([
      { issuer: fixture.origin, metadataUrl: `${fixture.origin}/.well-known/openid-configuration` },
    ]);
    expect(ids(report)).toEqual(['get-405', 'as-dynamic-registration', 'scope-challenge']);
  });

  it('oidc-path: an issuer with a path, all three locations in the order the MCP spec gives', async () => {
    const { fixture, report } = await run('oidc-path');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${AS_WELL_KNOWN} 404`,
      'GET /.well-known/openid-configuration/auth 404',
      'GET /auth/.well-known/openid-configuration 200',
    ]);
    expect(report.authorizationServers[0]?.metadataUrl).toBe(`${fixture.origin}/auth/.well-known/openid-configuration`);
    expect(ids(report)).toEqual(['get-405', 'as-dynamic-registration', 'scope-challenge']);
  });

  it('no-authorization-servers: an empty list', async () => {
    const { fixture, report } = await run('no-authorization-servers');
    expect(describeProbes(report, fixture)).toEqual([...ENDPOINT_PROBES, `GET ${PRM_PATH_INSERTED} 200`]);
    expect(severities(report)).toEqual(['prm-no-authorization-servers:high', 'get-405:info', 'scope-challenge:info']);
    expect(report.lessons.issuer).toBe('Nobody is named as authorization server.');
  });

  it('as-missing: every location tried, none answers', async () => {
    const { fixture, report } = await run('as-missing');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${AS_WELL_KNOWN} 404`,
      'GET /.well-known/openid-configuration/auth 404',
      'GET /auth/.well-known/openid-configuration 404',
    ]);
    expect(severities(report)).toEqual(['as-metadata-missing:high', 'get-405:info', 'scope-challenge:info']);
    expect(message(report, 'as-metadata-missing')).toContain(`${fixture.origin}/auth`);
  });

  it('root-endpoint: a path-less endpoint has one well-known location; "<origin>/" names it', async () => {
    const { fixture, report } = await run('root-endpoint');
    expect(fixture.url).toBe(`${fixture.origin}/`);
    expect(describeProbes(report, fixture)).toEqual([
      'POST / 401',
      'GET / 405',
      'POST / 401',
      `GET ${PRM_ROOT} 200`,
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    expect(report.probes[3]?.purpose).toBe('protected-resource metadata (well-known, root)');
    expect(report.protectedResource).toMatchObject({ used: true, document: { resource: `${fixture.origin}/` } });
    expect(ids(report)).toEqual(['get-405', 'as-dynamic-registration']);
  });

  it('least-privilege: the challenge asks for mcp:read of two offered scopes; no scope-single', async () => {
    const { report } = await run('least-privilege');
    expect(severities(report)).toEqual(['get-405:info', 'as-dynamic-registration:info', 'scope-challenge:info']);
    expect(report.offeredScopes).toEqual(['mcp:read', 'mcp:write']);
    expect(report.challengeScopes).toEqual(['mcp:read']);
    expect(report.scopes).toEqual(['mcp:read']);
    expect(message(report, 'scope-challenge')).toBe(
      'The challenge asks for mcp:read of the 2 offered (mcp:read, mcp:write).',
    );
    expect(report.lessons.scopes).toBe(`${TWO_SCOPES} This request's challenge asks for mcp:read.`);
  });

  it("challenge-broken: the challenge's URL answers 404; the well-known location is tried and used", async () => {
    const { fixture, report } = await run('challenge-broken');
    expect(describeProbes(report, fixture)).toEqual([
      ...ENDPOINT_PROBES,
      'GET /broken-prm 404',
      `GET ${PRM_PATH_INSERTED} 200`,
      `GET ${AS_WELL_KNOWN} 200`,
    ]);
    expect(report.protectedResource).toMatchObject({ url: `${fixture.origin}${PRM_PATH_INSERTED}`, used: true });
    expect(message(report, 'prm-challenge-failed')).toBe(
      `The challenge's resource_metadata ${fixture.origin}/broken-prm gave HTTP 404; well-known locations: ${fixture.origin}${PRM_PATH_INSERTED} (HTTP 200); the metadata was found at ${fixture.origin}${PRM_PATH_INSERTED}.`,
    );
    expect(report.authorizationServers).toHaveLength(1);
  });

  it('html-as: AS metadata served as text/html is a finding, and still read', async () => {
    const { report } = await run('html-as');
    expect(message(report, 'as-metadata-content-type')).toContain('text/html');
    expect(report.authorizationServers[0]?.registration).toBe('dynamic');
  });

  it('accepts-any-token: a made-up bearer token is answered 200: high', async () => {
    const { fixture, report } = await run('accepts-any-token');
    expect(describeProbes(report, fixture).slice(0, 3)).toEqual([
      'POST /public/mcp 401',
      'GET /public/mcp 405',
      'POST /public/mcp 200',
    ]);
    expect(severities(report)[0]).toBe('bogus-token-accepted:high');
  });

  it('query-token: bearer_methods_supported with query is a finding', async () => {
    const { report } = await run('query-token');
    expect(message(report, 'prm-bearer-methods')).toBe('bearer_methods_supported lists query besides the header.');
  });

  it('the made-up token never appears in the report', async () => {
    const { report } = await run('good');
    expect(JSON.stringify(report)).not.toContain('hintcheck-invalid-token-');
  });
});

describe('checkOAuth without a fixture', () => {
  it('an endpoint that does not answer: unreachable, and nothing else is fetched', async () => {
    const fixture = await fixtures.startOAuthFixture('good');
    await fixture.close();
    const report = await checkOAuth(fixture.url, OPTIONS);
    expect(report.reachable).toBe(false);
    expect(describeProbes(report, fixture)).toEqual(['POST /public/mcp network', 'GET /public/mcp network']);
    expect(ids(report)).toEqual([]);
    expect(report.lessons.transport).toBe('POST got no answer; GET answered nothing.');
  });

  it('a public name resolving to a private address: refused, no request sent', async () => {
    const calls: unknown[] = [];
    const forbidden = ((...args: unknown[]) => {
      calls.push(args);
      throw new Error('must not connect');
    }) as unknown as RequestFunction;
    const report = await checkOAuth('https://mcp.acme.test/mcp', {
      timeoutMs: 800,
      resolve: () => Promise.resolve([{ address: '10.0.0.7', family: 4 }]),
      request: { http: forbidden, https: forbidden },
    });
    expect(calls).toEqual([]);
    expect(report.reachable).toBe(false);
    expect(report.probes.map((p) => p.error?.kind)).toEqual(['blocked', 'blocked']);
    // One finding per refused probe (POST and GET): the user's own URL, refused like a document's URL.
    // The user's own URL is not a document-supplied one: the refusal shows in its probes, not as ssrf-blocked.
    expect(ids(report)).toEqual([]);
    expect(report.probes[0]?.error?.message).toContain('10.0.0.7');
  });

  it('plain http to a public host: not-https, and the guard refuses to send anything', async () => {
    const calls: unknown[] = [];
    const forbidden = ((...args: unknown[]) => {
      calls.push(args);
      throw new Error('must not connect');
    }) as unknown as RequestFunction;
    const report = await checkOAuth('http://mcp.acme.test/mcp', {
      timeoutMs: 800,
      resolve: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
      request: { http: forbidden, https: forbidden },
    });
    expect(calls).toEqual([]);
    expect(ids(report)).toEqual(['not-https']);
    expect(report.probes[0]?.error?.message).toContain('plain http');
    expect(message(report, 'not-https')).toContain('http://mcp.acme.test/mcp');
  });

  it('query values of the URL the user gave are redacted from the report', async () => {
    const fixture = await fixtures.startOAuthFixture('no-prm');
    open.add(fixture);
    const report = await checkOAuth(`${fixture.url}?api_key=sk-very-secret-value`, OPTIONS);
    expect(JSON.stringify(report)).not.toContain('sk-very-secret-value');
    expect(report.url).toBe(`${fixture.url}?api_key=***`);
  });
});
