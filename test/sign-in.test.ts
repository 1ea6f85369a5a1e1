// The sign-in flow in process, against a real authorization server (oidc-provider) and an MCP server
// that validates its JWTs, all on loopback; and its refusals: a wrong iss, a forged or replayed
// redirect, a token endpoint on a private address (refused by the guard before any connection).
import { afterEach, describe, expect, it } from 'vitest';
import { readCallbackParams } from '../lib/core/oauth/sign-in';
import { buildOAuthReport } from '../lib/core/oauth/report';
import type { RequestFunction } from '../lib/server/mcp/guarded-fetch';
import { checkOAuth } from '../lib/server/mcp/oauth-discovery';
import { beginSignIn, finishSignIn, refreshSignIn } from '../lib/server/sign-in/flow';
import { listenForCallback } from '../lib/server/sign-in/loopback-callback';
import { PendingFlows } from '../lib/server/sign-in/pending-flows';
import * as signin from './fixtures/signin-server.mjs';

const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

const REDIRECT = 'http://127.0.0.1:1/callback';

async function started(options: { anonymousTools?: boolean } = {}) {
  const fixture = await signin.startSignInFixture(options);
  open.push(fixture);
  const oauth = await checkOAuth(fixture.mcpUrl);
  return { fixture, oauth };
}

async function listTools(url: string, token: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

describe('sign-in against oidc-provider', () => {
  it('code + PKCE S256 + resource + dynamic registration: a token the MCP server accepts; no refresh token without offline_access', async () => {
    const { fixture, oauth } = await started();
    expect(oauth.authorizationServers[0]?.registration).toBe('dynamic');
    const { authorizationUrl, flow } = await beginSignIn(oauth, fixture.mcpUrl, REDIRECT);
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(fixture.mcpUrl);
    expect(url.searchParams.get('state')).toBe(flow.state);
    expect(flow.clientIdentity).toBe('dynamic');
    const back = new URL(await signin.consentWithHttp(authorizationUrl));
    const signedIn = await finishSignIn(flow, readCallbackParams(back.searchParams));
    expect(signedIn.scopesGranted).toContain('mcp:read');
    expect((await listTools(fixture.mcpUrl, signedIn.accessToken)).status).toBe(200);
    // A made-up token is refused with invalid_token, and the check agrees the server validates tokens.
    expect((await listTools(fixture.mcpUrl, 'made-up')).status).toBe(401);
    expect(oauth.findings.map((f) => f.id)).not.toContain('bogus-token-accepted');
    expect(oauth.findings.map((f) => f.id)).not.toContain('scope-single');
    await expect(refreshSignIn(signedIn)).rejects.toThrow('no refresh token');
  });

  it('a redirect naming another issuer is refused (RFC 9207) and its code is never exchanged', async () => {
    const { fixture, oauth } = await started();
    const { authorizationUrl, flow } = await beginSignIn(oauth, fixture.mcpUrl, REDIRECT);
    const back = new URL(await signin.consentWithHttp(authorizationUrl));
    back.searchParams.set('iss', 'https://evil.example.test');
    const before = fixture.requests.filter((r) => r.path.startsWith('/token')).length;
    await expect(finishSignIn(flow, readCallbackParams(back.searchParams))).rejects.toThrow(/RFC 9207/);
    // Without iss, when the AS promises it: refused too.
    back.searchParams.delete('iss');
    await expect(finishSignIn(flow, readCallbackParams(back.searchParams))).rejects.toThrow(/no iss/);
    expect(fixture.requests.filter((r) => r.path.startsWith('/token')).length).toBe(before);
  });

  it('an error message never carries the code or the verifier', async () => {
    const { fixture, oauth } = await started();
    const { authorizationUrl, flow } = await beginSignIn(oauth, fixture.mcpUrl, REDIRECT);
    const back = new URL(await signin.consentWithHttp(authorizationUrl));
    const params = readCallbackParams(back.searchParams);
    await finishSignIn(flow, params);
    // The same code again: the AS refuses it; the message names neither the code nor the verifier.
    const error = await finishSignIn(flow, params).then(
      () => new Error('signed in'),
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('token request');
    expect(error.message).not.toContain(params.code ?? '(none)');
    expect(error.message).not.toContain(flow.codeVerifier);
  });

  it('the user may ask for fewer scopes, not for scopes the server does not offer', async () => {
    const { fixture, oauth } = await started();
    await expect(beginSignIn(oauth, fixture.mcpUrl, REDIRECT, { scopes: ['mcp:admin'] })).rejects.toThrow(
      'Not offered by this server: mcp:admin',
    );
  });
});

describe('the redirect back', () => {
  it('the loopback listener completes only the pending flow, once: forged and replayed redirects get 400', async () => {
    const callback = await listenForCallback();
    open.push(callback);
    const waiting = callback.wait('the-state', 5000);
    const forged = await fetch(`${callback.redirectUri}?code=c&state=other`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).not.toContain('other');
    const real = await fetch(`${callback.redirectUri}?code=c&state=the-state&iss=x`);
    expect(real.status).toBe(200);
    expect((await waiting).code).toBe('c');
    const replayed = await fetch(`${callback.redirectUri}?code=c&state=the-state`);
    expect(replayed.status).toBe(400);
  });

  it('pending flows: single use, bound to their state, expiring', () => {
    let now = 1000;
    const flows = new PendingFlows<{ id: number }>(() => now, 60_000);
    flows.add('s1', { id: 1 });
    flows.add('s2', { id: 2 });
    expect(flows.take('nope')).toBeNull();
    expect(flows.take(null)).toBeNull();
    expect(flows.take('s1')).toEqual({ id: 1 });
    expect(flows.take('s1')).toBeNull(); // replayed
    now += 60_001;
    expect(flows.take('s2')).toBeNull(); // expired
    expect(flows.size).toBe(0);
  });
});

describe('a token endpoint on a private address', () => {
  it('is refused by the SSRF guard before any connection (injected resolver, no traffic)', async () => {
    const issuer = 'https://auth.example.test';
    const resource = 'https://mcp.example.test/mcp';
    const prmUrl = 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp';
    const asMetadata = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: 'https://tokens.example.test/token',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    };
    const json = (url: string, value: unknown) => ({
      url,
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(value),
    });
    const oauth = buildOAuthReport({
      url: resource,
      displayUrl: resource,
      loopbackTarget: false,
      probes: [],
      initialize: {
        status: 401,
        contentType: 'application/json',
        wwwAuthenticate: `Bearer resource_metadata="${prmUrl}"`,
      },
      get: { status: 405 },
      prm: {
        ...json(prmUrl, { resource, authorization_servers: [issuer], scopes_supported: ['mcp:read'] }),
        expectedResources: [resource],
      },
      authorizationServers: [
        { issuer, metadata: json(`${issuer}/.well-known/oauth-authorization-server`, asMetadata) },
      ],
    });
    const connections: unknown[] = [];
    const forbidden = ((...args: unknown[]) => {
      connections.push(args);
      throw new Error('must not connect');
    }) as unknown as RequestFunction;
    const resolved: string[] = [];
    const { flow } = await beginSignIn(oauth, resource, REDIRECT, {
      clientId: 'typed-client',
      fetch: {
        resolve: (host) => {
          resolved.push(host);
          return Promise.resolve([{ address: '10.0.0.5', family: 4 }]);
        },
        request: { http: forbidden, https: forbidden },
      },
    });
    expect(flow.clientIdentity).toBe('typed');
    const error = await finishSignIn(flow, {
      code: 'c',
      state: flow.state,
      iss: issuer,
      error: null,
      errorDescription: null,
    }).then(
      () => new Error('signed in'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toContain('10.0.0.5 is a private address');
    expect(resolved).toEqual(['tokens.example.test']);
    expect(connections).toEqual([]);
  });
});

describe("the dashboard's callback route", () => {
  it('completes only a flow this dashboard started, once; a forged or replayed redirect reveals nothing', async () => {
    const { handleSignInCallback, handleSignInStatus } = await import('../lib/server/http/sign-in-api');
    const { dashboardSignIns } = await import('../lib/server/sign-in/dashboard-sign-ins');
    const { fixture, oauth } = await started();
    const callback = 'http://127.0.0.1:3308/api/sign-in/callback';
    const { authorizationUrl, flow } = await beginSignIn(oauth, fixture.mcpUrl, callback);
    const handle = dashboardSignIns().start(fixture.mcpUrl, oauth, flow);
    const back = new URL(await signin.consentWithHttp(authorizationUrl));

    const forgedUrl = new URL(back);
    forgedUrl.searchParams.set('state', 'forged');
    const forged = await handleSignInCallback(new Request(forgedUrl));
    expect(forged.status).toBe(400);
    const forgedPage = await forged.text();
    expect(forgedPage).not.toContain('forged');
    expect(forgedPage).not.toContain('<script');
    expect(forged.headers.get('content-security-policy')).toBe("default-src 'none'");

    const real = await handleSignInCallback(new Request(back));
    expect(real.status).toBe(200);
    const status = handleSignInStatus(new Request(`http://127.0.0.1:3308/api/sign-in/status?handle=${handle}`));
    const answer = await status.text();
    expect(JSON.parse(answer)).toMatchObject({ state: 'signed-in', issuer: fixture.issuer });

    const replayed = await handleSignInCallback(new Request(back));
    expect(replayed.status).toBe(400);

    // The token is usable by an audit of the same URL only, and never in an answer.
    const credentials = await dashboardSignIns().credentialsFor(handle, fixture.mcpUrl);
    expect(credentials).not.toBeNull();
    expect(await dashboardSignIns().credentialsFor(handle, `${fixture.mcpUrl}/other`)).toBeNull();
    expect(answer).not.toContain(credentials?.accessToken ?? '(none)');
    // Sign out forgets it.
    expect(dashboardSignIns().forget(handle)).toBe(true);
    expect(await dashboardSignIns().credentialsFor(handle, fixture.mcpUrl)).toBeNull();
  });
});

describe('the dashboard sign-in with a client registered in advance', () => {
  it('uses the typed client id and secret, never echoes the secret, and completes through the callback', async () => {
    const { handleSignInCallback, handleSignInStart, handleSignInStatus } =
      await import('../lib/server/http/sign-in-api');
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const start = await handleSignInStart(
      new Request('http://127.0.0.1:3308/api/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          url: fixture.mcpUrl,
          clientId: signin.TYPED_CLIENT_ID,
          clientSecret: signin.TYPED_CLIENT_SECRET,
        }),
      }),
    );
    const started = (await start.json()) as { handle: string; authorizationUrl: string };
    expect(start.status).toBe(200);
    expect(JSON.stringify(started)).not.toContain(signin.TYPED_CLIENT_SECRET);
    expect(new URL(started.authorizationUrl).searchParams.get('client_id')).toBe(signin.TYPED_CLIENT_ID);
    expect(new URL(started.authorizationUrl).searchParams.get('redirect_uri')).toBe(
      'http://127.0.0.1:3308/api/sign-in/callback',
    );
    const back = await signin.consentWithHttp(started.authorizationUrl);
    expect((await handleSignInCallback(new Request(back))).status).toBe(200);
    const status = await handleSignInStatus(
      new Request(`http://127.0.0.1:3308/api/sign-in/status?handle=${started.handle}`),
    ).text();
    expect(JSON.parse(status)).toMatchObject({ state: 'signed-in', issuer: fixture.issuer });
    expect(status).not.toContain(signin.TYPED_CLIENT_SECRET);
    expect(fixture.requests.some((r) => r.path.startsWith('/reg'))).toBe(false);
  });
});

describe('a dashboard audit refused for insufficient scope', () => {
  it('records what listing needed, then signs in with the wider scope when asked, and lists', async () => {
    const { handleAuditRequest } = await import('../lib/server/http/audit-api');
    const { dashboardSignIns } = await import('../lib/server/sign-in/dashboard-sign-ins');
    const { auditEventSchema } = await import('../lib/core/api/audit-request');
    const { DASHBOARD_NO_STEP_UP } = await import('../lib/core/oauth/step-up');
    const fixture = await signin.startSignInFixture({ stepUp: true });
    open.push(fixture);
    const oauth = await checkOAuth(fixture.mcpUrl);
    const { authorizationUrl, flow } = await beginSignIn(
      oauth,
      fixture.mcpUrl,
      'http://127.0.0.1:3308/api/sign-in/callback',
    );
    const handle = dashboardSignIns().start(fixture.mcpUrl, oauth, flow);
    const { handleSignInCallback } = await import('../lib/server/http/sign-in-api');
    expect((await handleSignInCallback(new Request(await signin.consentWithHttp(authorizationUrl)))).status).toBe(200);
    const response = await handleAuditRequest(
      new Request('http://127.0.0.1:3308/api/audit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transport: 'auto', url: fixture.mcpUrl, headers: {}, signIn: handle }),
      }),
    );
    const events = (await response.text())
      .trimEnd()
      .split('\n')
      .map((line) => auditEventSchema.parse(JSON.parse(line)));
    const last = events.at(-1);
    if (last?.type !== 'report') throw new Error(`no report: ${JSON.stringify(last)}`);
    expect(fixture.stepUpRefusals).toBe(1);
    expect(last.report.signIn?.stepUps).toEqual([
      {
        method: 'tools/list',
        neededScopes: ['mcp:read', 'mcp:write'],
        requestedScopes: null,
        stopped: DASHBOARD_NO_STEP_UP,
      },
    ]);
    dashboardSignIns().forget(handle);

    // "Sign in with the wider scope": the union the page offers, through POST /api/sign-in, then the audit again.
    const { dashboardStepUp } = await import('../lib/core/oauth/step-up');
    const offer = last.report.signIn === undefined ? null : dashboardStepUp(last.report.signIn);
    if (offer?.next.ok !== true) throw new Error(`no step-up offered: ${JSON.stringify(offer)}`);
    expect(offer.next.value).toEqual(['mcp:read', 'mcp:write']);
    const { handleSignInStart } = await import('../lib/server/http/sign-in-api');
    const startRequest = (body: unknown) =>
      new Request('http://127.0.0.1:3308/api/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: '127.0.0.1:3308' },
        body: JSON.stringify(body),
      });
    const refused = await handleSignInStart(startRequest({ url: fixture.mcpUrl, stepUpScopes: ['mcp:write"x'] }));
    expect(refused.status).toBe(400);
    const started = (await (
      await handleSignInStart(startRequest({ url: fixture.mcpUrl, stepUpScopes: offer.next.value }))
    ).json()) as { handle: string; authorizationUrl: string };
    expect(new URL(started.authorizationUrl).searchParams.get('scope')).toBe('mcp:read mcp:write');
    expect(
      (await handleSignInCallback(new Request(await signin.consentWithHttp(started.authorizationUrl)))).status,
    ).toBe(200);
    const again = await handleAuditRequest(
      new Request('http://127.0.0.1:3308/api/audit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transport: 'auto', url: fixture.mcpUrl, headers: {}, signIn: started.handle }),
      }),
    );
    const report = auditEventSchema.parse(JSON.parse((await again.text()).trimEnd().split('\n').at(-1) ?? '{}'));
    if (report.type !== 'report') throw new Error('no report after the step-up');
    expect(report.report.errors).toEqual([]);
    expect(report.report.tools.map((tool) => tool.name).sort()).toEqual([...signin.SIGNED_IN_TOOLS].sort());
    expect(report.report.signIn?.scopesGranted).toEqual(expect.arrayContaining(['mcp:read', 'mcp:write']));
    expect(report.report.signIn?.stepUps).toEqual([]);
    expect(fixture.stepUpRefusals).toBe(1);
    dashboardSignIns().forget(started.handle);
  });
});
