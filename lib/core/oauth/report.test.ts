// Unit tests for buildOAuthReport: every finding id, from evidence objects built by hand (no network).
import { describe, expect, it } from 'vitest';
import { severityRank } from '../severity';
import { OAUTH_FINDING_DEFINITIONS } from './definitions';
import { FINDING_IDS, oauthExplanation, type FindingId } from './findings';
import { siteOf } from './hosts';
import { buildOAuthReport } from './report';
import { chooseSignInServer } from './sign-in';
import { oauthReportSchema, type FetchedDocument, type OAuthEvidence, type OAuthReport, type Probe } from './schemas';

/** Findings of a signed-in audit (call-probe.ts), never of the unauthenticated check. */
const SIGNED_IN_FINDING_IDS: readonly FindingId[] = ['unknown-tool-accepted'];

const RESOURCE = 'https://mcp.acme.test/public/mcp';
const PRM_URL = 'https://mcp.acme.test/.well-known/oauth-protected-resource/public/mcp';
const ISSUER = 'https://mcp.acme.test/auth';
const AS_URL = 'https://mcp.acme.test/.well-known/oauth-authorization-server/auth';

/** A probe; POST is the endpoint's initialize, anything else a document location unless the kind says otherwise. */
function probe(overrides: Partial<Probe> & Pick<Probe, 'url'>): Probe {
  return {
    kind: overrides.method === 'POST' ? 'endpoint-post' : 'as-metadata',
    purpose: 'test',
    method: 'GET',
    status: 200,
    contentType: 'application/json',
    error: null,
    redirects: [],
    durationMs: 1,
    wwwAuthenticate: null,
    ...overrides,
  };
}

function jsonDocument(url: string, value: unknown, contentType = 'application/json'): FetchedDocument {
  return { url, status: 200, contentType, body: JSON.stringify(value) };
}

const MISSING: FetchedDocument = { url: null, status: null, contentType: null, body: null };

function prmDocument(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resource: RESOURCE,
    authorization_servers: [ISSUER],
    scopes_supported: ['mcp:read', 'mcp:write'],
    bearer_methods_supported: ['header'],
    ...overrides,
  };
}

function asDocument(issuer = ISSUER, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    ...overrides,
  };
}

/** A healthy protected server: 401 with a challenge, 405 on GET, PRM and AS metadata all valid. */
function evidence(overrides: Partial<OAuthEvidence> = {}): OAuthEvidence {
  const challenge = `Bearer resource_metadata="${PRM_URL}", scope="mcp:read mcp:write"`;
  return {
    url: RESOURCE,
    displayUrl: RESOURCE,
    loopbackTarget: false,
    probes: [
      probe({ url: RESOURCE, method: 'POST', status: 401, wwwAuthenticate: challenge }),
      probe({ url: RESOURCE, status: 405, contentType: 'text/plain' }),
      probe({ url: PRM_URL }),
      probe({ url: AS_URL }),
    ],
    initialize: { status: 401, contentType: 'application/json', wwwAuthenticate: challenge },
    get: { status: 405 },
    prm: { ...jsonDocument(PRM_URL, prmDocument()), expectedResources: [RESOURCE] },
    authorizationServers: [{ issuer: ISSUER, metadata: jsonDocument(AS_URL, asDocument()) }],
    ...overrides,
  };
}

/** A server offering `offered` in scopes_supported (absent when null) whose 401 challenge asks for `challenge`. */
function scoped(offered: string[] | null, challenge: string | null): OAuthEvidence {
  const header = `Bearer resource_metadata="${PRM_URL}"${challenge === null ? '' : `, scope="${challenge}"`}`;
  return evidence({
    initialize: { status: 401, contentType: 'application/json', wwwAuthenticate: header },
    prm: {
      ...jsonDocument(PRM_URL, prmDocument({ scopes_supported: offered ?? undefined })),
      expectedResources: [RESOURCE],
    },
  });
}

const ORIGIN = 'https://mcp.acme.test';
const ORIGIN_AS_URL = `${ORIGIN}/.well-known/oauth-authorization-server`;

/** A 2025-03-26 server: 401 without a challenge's resource_metadata, no protected-resource metadata anywhere. */
function legacyEvidence(legacy: OAuthEvidence['legacy']): OAuthEvidence {
  return evidence({
    probes: [
      probe({ url: RESOURCE, method: 'POST', status: 401, wwwAuthenticate: 'Bearer' }),
      probe({ url: PRM_URL, kind: 'prm-well-known-path', status: 404 }),
    ],
    initialize: { status: 401, contentType: 'application/json', wwwAuthenticate: 'Bearer' },
    prm: { ...MISSING, expectedResources: [RESOURCE] },
    authorizationServers: [],
    legacy,
  });
}

/** A site's page at the URL: POST and GET answered 200 text/html, and its page again at the well-known path. */
function webPageEvidence(overrides: Partial<OAuthEvidence> = {}): OAuthEvidence {
  const page = {
    url: PRM_URL,
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: '<!doctype html><html></html>',
  };
  return evidence({
    probes: [
      probe({ url: RESOURCE, method: 'POST', status: 200, contentType: 'text/html; charset=utf-8' }),
      probe({ url: RESOURCE, kind: 'endpoint-get', status: 200, contentType: 'text/html; charset=utf-8' }),
    ],
    initialize: { status: 200, contentType: 'text/html; charset=utf-8', wwwAuthenticate: null },
    get: { status: 200, contentType: 'text/html; charset=utf-8' },
    prm: { ...page, expectedResources: [RESOURCE] },
    authorizationServers: [],
    ...overrides,
  });
}

const ids = (report: OAuthReport): FindingId[] => report.findings.map((f) => f.id);
const finding = (report: OAuthReport, id: FindingId) => {
  const found = report.findings.find((f) => f.id === id);
  if (found === undefined) throw new Error(`no ${id} finding in ${JSON.stringify(ids(report))}`);
  return found;
};

describe('a web page, not an MCP endpoint (lib/core/web-page.ts)', () => {
  it('is one web-page finding and lessons that say so: not "nobody guards it", not an event stream, not broken metadata', () => {
    const report = buildOAuthReport(webPageEvidence());
    expect(oauthReportSchema.parse(report)).toEqual(report);
    expect(report.webPage).toBe(true);
    expect(ids(report)).toEqual(['web-page']);
    expect(report.lessons.issuer).toBe('Not judged: this URL is a web page, not an MCP endpoint.');
    expect(report.lessons.transport).not.toMatch(/event stream/);
    expect(report.lessons.issuer).not.toMatch(/Nobody/);
  });

  it('is not a web page when the server asks for sign-in, or one answer is MCP, whatever the other is', () => {
    const challenged = webPageEvidence({
      initialize: { status: 401, contentType: 'text/html', wwwAuthenticate: `Bearer resource_metadata="${PRM_URL}"` },
    });
    expect(buildOAuthReport(challenged).webPage).toBeUndefined();
    const sse = webPageEvidence({ get: { status: 200, contentType: 'text/event-stream' } });
    expect(ids(buildOAuthReport(sse))).not.toContain('web-page');
  });
});

describe('buildOAuthReport', () => {
  it('a healthy server: only informational findings, lessons in plain words, a valid report', () => {
    const report = buildOAuthReport(evidence());
    expect(oauthReportSchema.parse(report)).toEqual(report);
    expect(ids(report).sort()).toEqual(['as-dynamic-registration', 'get-405', 'scope-challenge']);
    expect(report.findings.every((f) => f.severity === 'info')).toBe(true);
    expect(report.reachable).toBe(true);
    expect(report.challenge).toEqual({
      scheme: 'Bearer',
      resourceMetadata: PRM_URL,
      scope: 'mcp:read mcp:write',
      error: null,
    });
    expect(report.protectedResource).toMatchObject({ url: PRM_URL, used: true });
    expect(report.authorizationServers).toEqual([
      { issuer: ISSUER, metadataUrl: AS_URL, document: asDocument(), registration: 'dynamic', assumed: false },
    ]);
    expect(report.discovery).toBe('protected-resource');
    expect(report.scopes).toEqual(['mcp:read', 'mcp:write']);
    expect(report.scopeSource).toBe('challenge');
    expect(report.offeredScopes).toEqual(['mcp:read', 'mcp:write']);
    expect(report.challengeScopes).toEqual(['mcp:read', 'mcp:write']);
    expect(report.lessons.issuer).toBe("Tokens are issued by mcp.acme.test, on the server's own domain (acme.test).");
    expect(report.lessons.scopes).toContain('2 scopes (mcp:read, mcp:write)');
    expect(report.lessons.transport).toContain('POST initialize answered 401; GET answered 405: a POST-only transport');
  });

  it('every finding carries the fixed explanation and severity of its id', () => {
    const report = buildOAuthReport(
      evidence({
        initialize: { status: 200, contentType: 'application/json', wwwAuthenticate: null },
        prm: { ...MISSING, expectedResources: [RESOURCE] },
        authorizationServers: [],
      }),
    );
    for (const f of report.findings) {
      expect(f.explanation).toBe(oauthExplanation(f.id));
      expect(f.explanation.startsWith(OAUTH_FINDING_DEFINITIONS[f.id].meaning)).toBe(true);
      // A check may lower a finding's severity for a milder case, never raise it.
      expect(severityRank(f.severity)).toBeGreaterThanOrEqual(severityRank(OAUTH_FINDING_DEFINITIONS[f.id].severity));
      expect(FINDING_IDS).toContain(f.id);
    }
  });

  // One row per verdict id: the evidence that triggers it, the severity, and what the message must name.
  const CASES: {
    id: FindingId;
    severity: string;
    evidence: OAuthEvidence;
    mentions: string[];
  }[] = [
    {
      id: 'no-auth-required',
      severity: 'high',
      evidence: evidence({
        initialize: { status: 200, contentType: 'application/json', wwwAuthenticate: null },
        prm: { ...MISSING, expectedResources: [RESOURCE] },
        authorizationServers: [],
      }),
      mentions: ['200', 'answers anyone'],
    },
    {
      id: 'not-https',
      severity: 'high',
      evidence: evidence({ url: 'http://mcp.acme.test/public/mcp', displayUrl: 'http://mcp.acme.test/public/mcp' }),
      mentions: ['http://mcp.acme.test/public/mcp'],
    },
    { id: 'get-405', severity: 'info', evidence: evidence(), mentions: ['405'] },
    {
      id: 'prm-missing',
      severity: 'high',
      evidence: evidence({ prm: { ...MISSING, expectedResources: [RESOURCE] }, authorizationServers: [] }),
      mentions: ['requires authorization'],
    },
    {
      id: 'prm-invalid',
      severity: 'high',
      evidence: evidence({
        prm: {
          url: PRM_URL,
          status: 200,
          contentType: 'text/html',
          body: '<html>Sign in</html>',
          expectedResources: [RESOURCE],
        },
        authorizationServers: [],
      }),
      mentions: [PRM_URL, 'not JSON', 'text/html'],
    },
    {
      id: 'prm-resource-mismatch',
      severity: 'high',
      evidence: evidence({
        prm: {
          ...jsonDocument(PRM_URL, prmDocument({ resource: 'https://evil.test/mcp' })),
          expectedResources: [RESOURCE],
        },
        authorizationServers: [],
      }),
      mentions: ['https://evil.test/mcp', RESOURCE, 'not used'],
    },
    {
      id: 'prm-no-authorization-servers',
      severity: 'high',
      evidence: evidence({
        prm: { ...jsonDocument(PRM_URL, prmDocument({ authorization_servers: [] })), expectedResources: [RESOURCE] },
        authorizationServers: [],
      }),
      mentions: ['authorization_servers'],
    },
    {
      id: 'as-third-party',
      severity: 'medium',
      evidence: evidence({
        prm: {
          ...jsonDocument(PRM_URL, prmDocument({ authorization_servers: ['https://login.idp.test/tenant'] })),
          expectedResources: [RESOURCE],
        },
        authorizationServers: [
          {
            issuer: 'https://login.idp.test/tenant',
            metadata: jsonDocument(
              'https://login.idp.test/.well-known/oauth-authorization-server/tenant',
              asDocument('https://login.idp.test/tenant'),
            ),
          },
        ],
      }),
      mentions: ['login.idp.test', 'idp.test', 'mcp.acme.test', 'acme.test'],
    },
    {
      id: 'as-metadata-missing',
      severity: 'high',
      evidence: evidence({ authorizationServers: [{ issuer: ISSUER, metadata: MISSING }] }),
      mentions: [ISSUER],
    },
    {
      id: 'as-issuer-mismatch',
      severity: 'high',
      evidence: evidence({
        authorizationServers: [{ issuer: ISSUER, metadata: jsonDocument(AS_URL, asDocument('https://other.test')) }],
      }),
      mentions: [ISSUER, 'https://other.test'],
    },
    {
      id: 'as-pkce-missing',
      severity: 'high',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(AS_URL, asDocument(ISSUER, { code_challenge_methods_supported: undefined })),
          },
        ],
      }),
      mentions: [ISSUER, 'code_challenge_methods_supported'],
    },
    {
      id: 'as-pkce-no-s256',
      severity: 'high',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(AS_URL, asDocument(ISSUER, { code_challenge_methods_supported: ['plain'] })),
          },
        ],
      }),
      mentions: [ISSUER, 'plain', 'S256'],
    },
    {
      id: 'as-not-https',
      severity: 'high',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(AS_URL, asDocument(ISSUER, { token_endpoint: 'http://mcp.acme.test/auth/token' })),
          },
        ],
      }),
      mentions: ['token_endpoint', 'http://mcp.acme.test/auth/token'],
    },
    {
      // CVE-2025-6514: mcp-remote opened this authorization_endpoint through a shell.
      id: 'metadata-url-shell',
      severity: 'critical',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(
              AS_URL,
              asDocument(ISSUER, { authorization_endpoint: 'a:$(cmd.exe /c whoami > c:\\temp\\pwned.txt)' }),
            ),
          },
        ],
      }),
      mentions: ['authorization_endpoint', '"$("', 'through a shell runs it'],
    },
    {
      id: 'metadata-url-credentials',
      severity: 'high',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(
              AS_URL,
              asDocument(ISSUER, { token_endpoint: 'https://admin:hunter2@mcp.acme.test/auth/token' }),
            ),
          },
        ],
      }),
      mentions: ['token_endpoint', 'mcp.acme.test'],
    },
    {
      id: 'as-implicit-grant',
      severity: 'medium',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(
              AS_URL,
              asDocument(ISSUER, {
                response_types_supported: ['code', 'id_token token'],
                grant_types_supported: ['authorization_code', 'implicit'],
              }),
            ),
          },
        ],
      }),
      mentions: [ISSUER, 'response type "id_token token"', 'grant type "implicit"'],
    },
    {
      id: 'as-password-grant',
      severity: 'high',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(
              AS_URL,
              asDocument(ISSUER, { grant_types_supported: ['authorization_code', 'password'] }),
            ),
          },
        ],
      }),
      mentions: [ISSUER, 'password'],
    },
    {
      id: 'as-client-credentials',
      severity: 'info',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(
              AS_URL,
              asDocument(ISSUER, {
                grant_types_supported: ['authorization_code', 'client_credentials'],
                token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
              }),
            ),
          },
        ],
      }),
      mentions: [ISSUER, 'client credentials grant', 'client_secret_basic, private_key_jwt'],
    },
    {
      id: 'discovery-2025-03-26',
      severity: 'medium',
      evidence: legacyEvidence({
        kind: 'origin-metadata',
        origin: ORIGIN,
        metadata: jsonDocument(ORIGIN_AS_URL, asDocument(ORIGIN)),
      }),
      mentions: ['2025-03-26', ORIGIN_AS_URL],
    },
    {
      id: 'as-dynamic-registration',
      severity: 'info',
      evidence: evidence(),
      mentions: [ISSUER, `${ISSUER}/register`],
    },
    {
      id: 'as-client-id-metadata',
      severity: 'info',
      evidence: evidence({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadata: jsonDocument(
              AS_URL,
              asDocument(ISSUER, { registration_endpoint: undefined, client_id_metadata_document_supported: true }),
            ),
          },
        ],
      }),
      mentions: [ISSUER, 'client ID metadata'],
    },
    {
      id: 'as-no-registration',
      severity: 'low',
      evidence: evidence({
        authorizationServers: [
          { issuer: ISSUER, metadata: jsonDocument(AS_URL, asDocument(ISSUER, { registration_endpoint: undefined })) },
        ],
      }),
      mentions: [ISSUER],
    },
    {
      id: 'scope-single',
      severity: 'medium',
      evidence: scoped(['files:read'], null),
      mentions: ['files:read'],
    },
    {
      id: 'scope-challenge',
      severity: 'info',
      evidence: scoped(['mcp:read', 'mcp:write'], 'mcp:read'),
      mentions: ['mcp:read', 'of the 2 offered'],
    },
    {
      id: 'prm-challenge-failed',
      severity: 'medium',
      evidence: evidence({
        probes: [
          probe({ url: RESOURCE, method: 'POST', status: 401 }),
          probe({ url: 'https://mcp.acme.test/broken-prm', kind: 'prm-challenge', status: 404 }),
          probe({ url: PRM_URL, kind: 'prm-well-known-path' }),
        ],
      }),
      mentions: ['https://mcp.acme.test/broken-prm', 'HTTP 404', `found at ${PRM_URL}`],
    },
    {
      id: 'prm-bearer-methods',
      severity: 'medium',
      evidence: evidence({
        prm: {
          ...jsonDocument(PRM_URL, prmDocument({ bearer_methods_supported: ['header', 'query'] })),
          expectedResources: [RESOURCE],
        },
      }),
      mentions: ['query'],
    },
    {
      id: 'as-metadata-content-type',
      severity: 'low',
      evidence: evidence({
        authorizationServers: [{ issuer: ISSUER, metadata: jsonDocument(AS_URL, asDocument(), 'text/html') }],
      }),
      mentions: [ISSUER, 'text/html'],
    },
    {
      id: 'bogus-token-accepted',
      severity: 'high',
      evidence: evidence({ bogusToken: { status: 200, contentType: 'application/json', wwwAuthenticate: null } }),
      mentions: ['made-up bearer token', '200'],
    },
    {
      id: 'invalid-token-challenge',
      severity: 'low',
      evidence: evidence({
        bogusToken: { status: 401, contentType: 'application/json', wwwAuthenticate: 'Bearer realm="x"' },
      }),
      mentions: ['no error', 'invalid_token'],
    },
    {
      id: 'scope-admin',
      // Narrower scopes exist beside the admin-like ones: medium. Only admin-like scopes: high (below).
      severity: 'medium',
      evidence: evidence({
        initialize: {
          status: 401,
          contentType: 'application/json',
          wwwAuthenticate: `Bearer resource_metadata="${PRM_URL}"`,
        },
        prm: {
          ...jsonDocument(PRM_URL, prmDocument({ scopes_supported: ['mcp:read', 'mcp:admin', 'repo.all'] })),
          expectedResources: [RESOURCE],
        },
      }),
      mentions: ['mcp:admin', 'repo.all', 'mcp:read'],
    },
    {
      id: 'ssrf-blocked',
      severity: 'high',
      evidence: evidence({
        probes: [
          probe({ url: RESOURCE, method: 'POST', status: 401 }),
          probe({
            url: 'http://169.254.169.254/.well-known/oauth-authorization-server/latest',
            kind: 'as-metadata',
            purpose: 'authorization-server metadata for http://169.254.169.254/latest',
            status: null,
            contentType: null,
            error: {
              kind: 'blocked',
              message: 'http://169.254.169.254 resolves to 169.254.169.254 is a linkLocal address',
            },
          }),
        ],
      }),
      mentions: ['169.254.169.254', 'authorization-server metadata'],
    },
    {
      id: 'fetch-timeout',
      severity: 'medium',
      evidence: evidence({
        probes: [
          probe({ url: RESOURCE, method: 'POST', status: 401 }),
          probe({
            url: PRM_URL,
            kind: 'prm-challenge',
            purpose: 'protected-resource metadata (from WWW-Authenticate)',
            status: null,
            contentType: null,
            error: { kind: 'timeout', message: 'no complete answer' },
          }),
        ],
        prm: { ...MISSING, expectedResources: [RESOURCE] },
        authorizationServers: [],
      }),
      mentions: [PRM_URL, 'timed out'],
    },
    {
      id: 'web-page',
      severity: 'medium',
      evidence: webPageEvidence(),
      mentions: ['POST initialize answered 200 (text/html)', 'GET answered 200 (text/html)', 'not an MCP endpoint'],
    },
    {
      id: 'body-too-large',
      severity: 'medium',
      evidence: evidence({
        probes: [
          probe({ url: RESOURCE, method: 'POST', status: 401 }),
          probe({
            url: PRM_URL,
            kind: 'prm-challenge',
            purpose: 'protected-resource metadata (from WWW-Authenticate)',
            status: null,
            contentType: null,
            error: { kind: 'too-large', message: 'larger than 1048576 bytes' },
          }),
        ],
        prm: { ...MISSING, expectedResources: [RESOURCE] },
        authorizationServers: [],
      }),
      mentions: [PRM_URL, 'larger than the cap'],
    },
  ];

  it('the table covers every finding id of the unauthenticated check', () => {
    const checkIds = FINDING_IDS.filter((id) => !SIGNED_IN_FINDING_IDS.includes(id));
    expect(new Set(CASES.map((c) => c.id))).toEqual(new Set(checkIds));
  });

  it.each(CASES)('$id ($severity)', ({ id, severity, evidence: input, mentions }) => {
    const report = buildOAuthReport(input);
    expect(() => oauthReportSchema.parse(report)).not.toThrow();
    const found = finding(report, id);
    expect(found.severity).toBe(severity);
    for (const text of mentions) expect(found.message).toContain(text);
  });

  it('findings are sorted by severity, most severe first', () => {
    const report = buildOAuthReport(CASES.find((c) => c.id === 'scope-admin')?.evidence ?? evidence());
    const order = ['high', 'medium', 'low', 'info'];
    const ranks = report.findings.map((f) => order.indexOf(f.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  describe('details', () => {
    it('no-auth-required: the issuer lesson says nobody, prm-missing is only informational', () => {
      const report = buildOAuthReport(
        evidence({
          initialize: { status: 200, contentType: 'application/json', wwwAuthenticate: null },
          prm: { ...MISSING, expectedResources: [RESOURCE] },
          authorizationServers: [],
        }),
      );
      expect(report.lessons.issuer).toBe('Nobody: the server answers without authorization.');
      expect(finding(report, 'prm-missing').severity).toBe('info');
      expect(report.scopes).toEqual([]);
      expect(report.lessons.scopes).toBe('No scopes are advertised.');
    });

    it('not-https is not raised for loopback development targets', () => {
      for (const url of ['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', 'http://[::1]:3000/mcp']) {
        const report = buildOAuthReport(
          evidence({
            url,
            displayUrl: url,
            loopbackTarget: true,
            probes: [probe({ url, method: 'POST', status: 401 })],
            prm: { ...MISSING, expectedResources: [url] },
            authorizationServers: [],
          }),
        );
        expect(ids(report)).not.toContain('not-https');
      }
    });

    it('as-not-https: an http issuer off loopback is flagged even for a loopback target', () => {
      const url = 'http://127.0.0.1:3000/mcp';
      const prmUrl = 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp';
      const issuers = ['http://127.0.0.1:3000/auth', 'http://idp.acme.test/auth'];
      const report = buildOAuthReport(
        evidence({
          url,
          displayUrl: url,
          loopbackTarget: true,
          probes: [probe({ url, method: 'POST', status: 401 })],
          prm: {
            ...jsonDocument(prmUrl, { resource: url, authorization_servers: issuers }),
            expectedResources: [url],
          },
          authorizationServers: issuers.map((issuer) => ({
            issuer,
            metadata: jsonDocument(`${issuer}/.well-known/openid-configuration`, asDocument(issuer)),
          })),
        }),
      );
      const messages = report.findings.filter((f) => f.id === 'as-not-https').map((f) => f.message);
      expect(messages.some((m) => m.includes('http://idp.acme.test/auth'))).toBe(true);
      expect(messages.some((m) => m.includes('http://127.0.0.1:3000/auth'))).toBe(false);
    });

    it('as-not-https: the issuer itself over http is flagged when the target is not loopback', () => {
      const issuer = 'http://mcp.acme.test/auth';
      const report = buildOAuthReport(
        evidence({
          prm: {
            ...jsonDocument(PRM_URL, prmDocument({ authorization_servers: [issuer] })),
            expectedResources: [RESOURCE],
          },
          authorizationServers: [{ issuer, metadata: jsonDocument(AS_URL, asDocument(issuer)) }],
        }),
      );
      expect(report.findings.filter((f) => f.id === 'as-not-https').map((f) => f.message)).toContain(
        `The issuer ${issuer} is not HTTPS.`,
      );
    });

    it('as-third-party: subdomains of one registrable domain are not third parties', () => {
      const issuer = 'https://login.acme.test/oauth';
      const report = buildOAuthReport(
        evidence({
          prm: {
            ...jsonDocument(PRM_URL, prmDocument({ authorization_servers: [issuer] })),
            expectedResources: [RESOURCE],
          },
          authorizationServers: [{ issuer, metadata: jsonDocument(AS_URL, asDocument(issuer)) }],
        }),
      );
      expect(ids(report)).not.toContain('as-third-party');
      expect(report.lessons.issuer).toContain('login.acme.test');
      expect(report.lessons.issuer).toContain("server's own domain (acme.test)");
    });

    it('as-third-party: the lesson asks whether the other domain is recognised', () => {
      const report = buildOAuthReport(CASES.find((c) => c.id === 'as-third-party')?.evidence ?? evidence());
      expect(report.lessons.issuer).toBe(
        'Tokens are issued by login.idp.test, a different domain from mcp.acme.test: do you recognise idp.test?',
      );
    });

    it('siteOf: registrable domains, private suffixes, IPs and single labels', () => {
      expect(siteOf('mcp.acme.test')).toBe('acme.test');
      expect(siteOf('a.b.example.co.uk')).toBe('example.co.uk');
      expect(siteOf('one.github.io')).toBe('one.github.io');
      expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
      expect(siteOf('localhost')).toBe('localhost');
    });

    it('prm-resource-mismatch: the metadata is not used, so no authorization server is judged', () => {
      const report = buildOAuthReport(CASES.find((c) => c.id === 'prm-resource-mismatch')?.evidence ?? evidence());
      expect(report.protectedResource.used).toBe(false);
      expect(ids(report)).not.toContain('prm-no-authorization-servers');
      expect(report.lessons.issuer).toBe(
        'Unknown: no usable protected-resource metadata names an authorization server.',
      );
    });

    it('prm-resource-mismatch: a prefix or a trailing slash is not identical', () => {
      for (const declared of [
        'https://mcp.acme.test',
        'https://mcp.acme.test/public/mcp/',
        'https://MCP.acme.test/public/mcp',
      ]) {
        const report = buildOAuthReport(
          evidence({
            prm: { ...jsonDocument(PRM_URL, prmDocument({ resource: declared })), expectedResources: [RESOURCE] },
          }),
        );
        expect(ids(report)).toContain('prm-resource-mismatch');
      }
    });

    it('any of the expected resources is accepted (root well-known location)', () => {
      const report = buildOAuthReport(
        evidence({
          prm: {
            ...jsonDocument(
              'https://mcp.acme.test/.well-known/oauth-protected-resource',
              prmDocument({ resource: 'https://mcp.acme.test/' }),
            ),
            expectedResources: ['https://mcp.acme.test', 'https://mcp.acme.test/', RESOURCE],
          },
        }),
      );
      expect(ids(report)).not.toContain('prm-resource-mismatch');
      expect(report.protectedResource.used).toBe(true);
    });

    it('prm-invalid: JSON but not an object, or an object without resource', () => {
      for (const body of ['[1,2]', 'null', '"text"', '{"authorization_servers":["https://a"]}']) {
        const report = buildOAuthReport(
          evidence({
            prm: { url: PRM_URL, status: 200, contentType: 'application/json', body, expectedResources: [RESOURCE] },
          }),
        );
        expect(finding(report, 'prm-invalid').severity).toBe('high');
        expect(report.protectedResource.used).toBe(false);
      }
    });

    it('prm-invalid (low): valid JSON with a wrong content type is still used', () => {
      const report = buildOAuthReport(
        evidence({ prm: { ...jsonDocument(PRM_URL, prmDocument(), 'text/plain'), expectedResources: [RESOURCE] } }),
      );
      expect(finding(report, 'prm-invalid')).toMatchObject({ severity: 'low' });
      expect(finding(report, 'prm-invalid').message).toContain('text/plain');
      expect(report.protectedResource.used).toBe(true);
    });

    it('application/*+json content types are accepted', () => {
      const report = buildOAuthReport(
        evidence({
          prm: {
            ...jsonDocument(PRM_URL, prmDocument(), 'application/problem+json; charset=utf-8'),
            expectedResources: [RESOURCE],
          },
        }),
      );
      expect(ids(report)).not.toContain('prm-invalid');
    });

    it('prm-missing: a failed fetch is not reported as "publishes no metadata"', () => {
      const report = buildOAuthReport(CASES.find((c) => c.id === 'fetch-timeout')?.evidence ?? evidence());
      const missing = finding(report, 'prm-missing');
      expect(missing.message).toContain('timeout');
      expect(missing.message).not.toContain('publishes no');
    });

    it('prm-missing is not raised when the endpoint itself never answered', () => {
      const report = buildOAuthReport(
        evidence({
          probes: [
            probe({
              url: RESOURCE,
              method: 'POST',
              status: null,
              error: { kind: 'network', message: 'ECONNREFUSED' },
            }),
          ],
          initialize: { status: null, contentType: null, wwwAuthenticate: null },
          get: { status: null },
          prm: { ...MISSING, expectedResources: [RESOURCE] },
          authorizationServers: [],
        }),
      );
      expect(report.reachable).toBe(false);
      expect(ids(report)).not.toContain('prm-missing');
      expect(report.lessons.transport).toBe('POST got no answer; GET answered nothing.');
    });

    it('reachable compares origins, not string prefixes', () => {
      const report = buildOAuthReport(
        evidence({
          probes: [
            probe({ url: RESOURCE, method: 'POST', status: null, error: { kind: 'network', message: 'refused' } }),
            probe({ url: 'https://mcp.acme.test.evil.test/.well-known/oauth-authorization-server' }),
            probe({ url: 'https://mcp.acme.test:8443/.well-known/oauth-authorization-server' }),
          ],
        }),
      );
      expect(report.reachable).toBe(false);
    });

    it('scopes: a client asks for the challenge scope; the verdicts judge scopes_supported', () => {
      const report = buildOAuthReport(scoped(['mcp:read', 'mcp:write', 'mcp:admin'], 'mcp:read'));
      expect(report.scopeSource).toBe('challenge');
      expect(report.scopes).toEqual(['mcp:read']);
      expect(report.offeredScopes).toEqual(['mcp:read', 'mcp:write', 'mcp:admin']);
      expect(report.challengeScopes).toEqual(['mcp:read']);
      expect(ids(report)).not.toContain('scope-single');
      expect(finding(report, 'scope-admin').severity).toBe('medium');
      expect(finding(report, 'scope-challenge').message).toContain('mcp:read of the 3 offered');
    });

    // The issue's cases: what is offered is judged, the challenge's scope is reported apart.
    it.each([
      // offered, challenge, scope-single, scope-admin severity (null: none)
      [['mcp:read', 'mcp:write'], 'mcp:read', false, null],
      [['mcp:read', 'mcp:write'], null, false, null],
      [['mcp:admin'], null, true, 'high'],
      [['mcp:admin'], 'mcp:admin', true, 'high'],
      [['mcp:read', 'mcp:admin'], 'mcp:read', false, 'medium'],
      [['mcp:read'], 'mcp:read', true, null],
      // No scopes_supported: the challenge's scope is all that is known to be offered.
      [null, 'mcp:read', true, null],
      [null, 'mcp:admin', true, 'high'],
      [null, 'mcp:read mcp:write', false, null],
      [null, null, false, null],
    ] as const)('offered %j, challenge %j: scope-single %s, scope-admin %s', (offered, challenge, single, admin) => {
      const report = buildOAuthReport(scoped(offered === null ? null : [...offered], challenge));
      expect(ids(report).includes('scope-single')).toBe(single);
      expect(report.findings.find((f) => f.id === 'scope-admin')?.severity ?? null).toBe(admin);
      expect(ids(report).includes('scope-challenge')).toBe(challenge !== null);
    });

    it('scope-challenge names a challenged scope that scopes_supported does not list', () => {
      const report = buildOAuthReport(scoped(['mcp:read'], 'mcp:read mcp:delete'));
      expect(finding(report, 'scope-challenge').message).toContain('not in scopes_supported: mcp:delete');
    });

    it('scopes: scopes_supported when the challenge has none; a single admin scope raises both verdicts', () => {
      const report = buildOAuthReport(
        evidence({
          initialize: {
            status: 401,
            contentType: 'application/json',
            wwwAuthenticate: `Bearer resource_metadata="${PRM_URL}"`,
          },
          prm: {
            ...jsonDocument(PRM_URL, prmDocument({ scopes_supported: ['mcp:admin'] })),
            expectedResources: [RESOURCE],
          },
        }),
      );
      expect(report.scopeSource).toBe('metadata');
      expect(finding(report, 'scope-single').message).toContain('mcp:admin');
      expect(finding(report, 'scope-admin').message).toContain('mcp:admin');
      expect(report.lessons.scopes).toBe(
        'One scope, mcp:admin: no partial grant; the agent gets all of it or nothing.',
      );
    });

    it.each([
      ['mcp:admin', true],
      ['admin', true],
      ['Admin', true],
      ['repo.all', true],
      ['files.readwrite.all', true],
      ['org/owner', true],
      ['*', true],
      ['full_access', true],
      ['mcp:read', false],
      ['allow', false],
      ['rooted', false],
      ['administration-read', false],
      ['calls:write', false],
    ])('admin-like scope %s: %s', (scope, admin) => {
      const report = buildOAuthReport(scoped(['mcp:read', scope], null));
      expect(ids(report).includes('scope-admin')).toBe(admin);
    });

    it('the Bearer challenge is found after a Basic one', () => {
      const report = buildOAuthReport(
        evidence({
          initialize: {
            status: 401,
            contentType: 'application/json',
            wwwAuthenticate: `Basic realm="x, y", Bearer resource_metadata="${PRM_URL}", scope="a b", error="invalid_token"`,
          },
        }),
      );
      expect(report.challenge).toEqual({
        scheme: 'Bearer',
        resourceMetadata: PRM_URL,
        scope: 'a b',
        error: 'invalid_token',
      });
    });

    it('transport lesson: GET 200 means an event stream', () => {
      const report = buildOAuthReport(evidence({ get: { status: 200 } }));
      expect(ids(report)).not.toContain('get-405');
      expect(report.lessons.transport).toContain('GET answered 200: the server offers an event stream');
    });

    it('an issuer that is not a URL does not throw', () => {
      const report = buildOAuthReport(evidence({ authorizationServers: [{ issuer: 'not a url', metadata: MISSING }] }));
      expect(finding(report, 'as-metadata-missing').message).toContain('not a url');
      expect(report.lessons.issuer).toContain('not a URL');
    });
  });
});

describe('scope-admin severity', () => {
  it('is high when every scope is admin-like, medium when a narrower one exists', () => {
    const only = buildOAuthReport(scoped(['mcp:admin'], null));
    expect(only.findings.find((f) => f.id === 'scope-admin')).toMatchObject({ severity: 'high' });
    expect(only.findings.find((f) => f.id === 'scope-admin')?.message).toContain('nothing narrower');
    const mixed = buildOAuthReport(scoped(['mcp:read', 'mcp:admin'], null));
    expect(mixed.findings.find((f) => f.id === 'scope-admin')).toMatchObject({ severity: 'medium' });
  });
});

describe('a made-up bearer token', () => {
  it.each([
    // status, content type, WWW-Authenticate, the finding (null: none)
    [401, 'application/json', 'Bearer error="invalid_token"', null],
    [401, 'text/plain', 'Bearer resource_metadata="x", error="invalid_token", error_description="bad"', null],
    [200, 'application/json', null, 'bogus-token-accepted'],
    [200, 'text/event-stream', null, 'bogus-token-accepted'],
    [401, 'application/json', null, 'invalid-token-challenge'],
    [401, 'application/json', 'Bearer error="invalid_request"', 'invalid-token-challenge'],
    [403, 'application/json', 'Bearer error="insufficient_scope"', 'invalid-token-challenge'],
    [500, 'text/html', null, 'invalid-token-challenge'],
    [null, null, null, null],
  ] as const)('HTTP %s %s, %s: %s', (status, contentType, wwwAuthenticate, expected) => {
    const report = buildOAuthReport(evidence({ bogusToken: { status, contentType, wwwAuthenticate } }));
    const found = report.findings.filter((f) => f.id === 'bogus-token-accepted' || f.id === 'invalid-token-challenge');
    expect(found.map((f) => f.id)).toEqual(expected === null ? [] : [expected]);
  });

  it('is not judged on a server that answers without credentials', () => {
    const report = buildOAuthReport(
      evidence({
        initialize: { status: 200, contentType: 'application/json', wwwAuthenticate: null },
        bogusToken: { status: 200, contentType: 'application/json', wwwAuthenticate: null },
      }),
    );
    expect(ids(report)).toContain('no-auth-required');
    expect(ids(report)).not.toContain('bogus-token-accepted');
  });
});

describe('registration and bearer methods', () => {
  it.each([
    [{ registration_endpoint: 'https://mcp.acme.test/auth/register' }, 'dynamic'],
    [{ registration_endpoint: undefined, client_id_metadata_document_supported: true }, 'client-id-metadata'],
    [{ client_id_metadata_document_supported: true }, 'both'],
    [{ registration_endpoint: undefined }, 'neither'],
    [{ registration_endpoint: undefined, client_id_metadata_document_supported: 'true' }, 'neither'],
  ])('AS metadata %j: %s', (overrides, kind) => {
    const report = buildOAuthReport(
      evidence({
        authorizationServers: [{ issuer: ISSUER, metadata: jsonDocument(AS_URL, asDocument(ISSUER, overrides)) }],
      }),
    );
    expect(report.authorizationServers[0]?.registration).toBe(kind);
  });

  it.each([
    [['header'], null],
    [undefined, null],
    [['header', 'body'], 'medium'],
    [['query'], 'medium'],
    [[], 'low'],
    ['header', 'low'],
  ])('bearer_methods_supported %j: %s', (methods, severity) => {
    const report = buildOAuthReport(
      evidence({
        prm: {
          ...jsonDocument(PRM_URL, prmDocument({ bearer_methods_supported: methods })),
          expectedResources: [RESOURCE],
        },
      }),
    );
    expect(report.findings.find((f) => f.id === 'prm-bearer-methods')?.severity ?? null).toBe(severity);
  });

  it('AS metadata served as JSON with parameters is not a content-type finding', () => {
    const report = buildOAuthReport(
      evidence({
        authorizationServers: [
          { issuer: ISSUER, metadata: jsonDocument(AS_URL, asDocument(), 'application/json; charset=utf-8') },
        ],
      }),
    );
    expect(ids(report)).not.toContain('as-metadata-content-type');
  });
});

describe('the 2025-03-26 discovery', () => {
  it('metadata at the origin: the generation is named, the server is used, prm-missing still says what is absent', () => {
    const report = buildOAuthReport(
      legacyEvidence({
        kind: 'origin-metadata',
        origin: ORIGIN,
        metadata: jsonDocument(ORIGIN_AS_URL, asDocument(ORIGIN)),
      }),
    );
    expect(report.discovery).toBe('origin-metadata');
    expect(report.authorizationServers).toMatchObject([{ issuer: ORIGIN, metadataUrl: ORIGIN_AS_URL, assumed: false }]);
    expect(ids(report)).toEqual(expect.arrayContaining(['prm-missing', 'discovery-2025-03-26']));
    expect(ids(report)).not.toContain('as-issuer-mismatch');
  });

  it('metadata at the origin naming an issuer with a path on the same origin is taken as named; another origin is refused', () => {
    const sameOrigin = buildOAuthReport(
      legacyEvidence({
        kind: 'origin-metadata',
        origin: ORIGIN,
        metadata: jsonDocument(ORIGIN_AS_URL, asDocument(`${ORIGIN}/oauth`)),
      }),
    );
    expect(sameOrigin.authorizationServers[0]?.issuer).toBe(`${ORIGIN}/oauth`);
    expect(ids(sameOrigin)).not.toContain('as-issuer-mismatch');
    const elsewhere = buildOAuthReport(
      legacyEvidence({
        kind: 'origin-metadata',
        origin: ORIGIN,
        metadata: jsonDocument(ORIGIN_AS_URL, asDocument('https://idp.evil.test')),
      }),
    );
    expect(ids(elsewhere)).toContain('as-issuer-mismatch');
  });

  it('no metadata at all: the default endpoints, marked as assumed, and the finding names them', () => {
    const report = buildOAuthReport(legacyEvidence({ kind: 'default-endpoints', origin: ORIGIN }));
    expect(report.discovery).toBe('default-endpoints');
    expect(report.authorizationServers).toMatchObject([
      {
        issuer: ORIGIN,
        metadataUrl: null,
        assumed: true,
        registration: 'dynamic',
        document: { authorization_endpoint: `${ORIGIN}/authorize`, token_endpoint: `${ORIGIN}/token` },
      },
    ]);
    expect(finding(report, 'discovery-2025-03-26').message).toContain(`${ORIGIN}/authorize, /token and /register`);
    expect(ids(report)).not.toContain('as-pkce-missing');
    expect(oauthReportSchema.parse(report)).toEqual(report);
  });

  it('default endpoints over plain http off loopback are flagged', () => {
    const report = buildOAuthReport(legacyEvidence({ kind: 'default-endpoints', origin: 'http://mcp.acme.test' }));
    expect(ids(report)).toContain('as-not-https');
  });

  it('a server with protected-resource metadata ignores any legacy evidence', () => {
    const report = buildOAuthReport({ ...evidence(), legacy: { kind: 'default-endpoints', origin: ORIGIN } });
    expect(report.discovery).toBe('protected-resource');
    expect(ids(report)).not.toContain('discovery-2025-03-26');
  });

  it('no metadata and no fallback: none', () => {
    expect(buildOAuthReport(legacyEvidence(undefined)).discovery).toBe('none');
  });
});

describe('authorization-server URLs that are not http(s)', () => {
  it.each([
    'file://127.0.0.1/etc/passwd',
    'file://[::1]/authorize',
    'file:///tmp/authorize',
    'javascript://localhost/x',
    'ftp://127.0.0.1/auth',
  ])('%s is refused even for a loopback target, with a message that names the scheme', (endpoint) => {
    const url = 'http://127.0.0.1:3000/mcp';
    const issuer = 'http://127.0.0.1:3000';
    const report = buildOAuthReport(
      evidence({
        url,
        displayUrl: url,
        loopbackTarget: true,
        probes: [probe({ url, method: 'POST', status: 401 })],
        prm: {
          ...jsonDocument(`${issuer}/.well-known/oauth-protected-resource/mcp`, {
            resource: url,
            authorization_servers: [issuer],
          }),
          expectedResources: [url],
        },
        authorizationServers: [
          {
            issuer,
            metadata: jsonDocument(
              `${issuer}/.well-known/oauth-authorization-server`,
              asDocument(issuer, { authorization_endpoint: endpoint }),
            ),
          },
        ],
      }),
    );
    const message = finding(report, 'as-not-https').message;
    expect(message).toContain('authorization_endpoint');
    expect(message).toContain(`is a ${new URL(endpoint).protocol} URL, not http(s): refused`);
    const signIn = chooseSignInServer(report);
    expect(signIn.ok).toBe(false);
    expect(signIn.ok ? '' : signIn.reason).toContain(`Not signing in: ${message}`);
  });
});
