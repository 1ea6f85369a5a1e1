import { describe, expect, it } from 'vitest';
import { dashboardUrl, decideAccess, sameOriginPath, tokenMatches, type RequestFacts } from './access';

const token = 'tok-0123456789abcdefghijkl';
const config = { token, port: 3100, anyHost: false };
const host = '127.0.0.1:3100';

function facts(method: string, url: string, headers: Record<string, string> = {}): RequestFacts {
  return { method, url, headers: { host, ...headers } };
}

describe('decideAccess', () => {
  it.each<[string, RequestFacts, string, number?]>([
    ['health without token', facts('GET', '/api/health'), 'allow'],
    // The sign-in redirect arrives cross-site from the authorization server, without the Bearer token.
    [
      'sign-in callback, cross-site, no token',
      facts('GET', '/api/sign-in/callback?code=c&state=s', { 'sec-fetch-site': 'cross-site' }),
      'allow',
    ],
    [
      'sign-in callback from a foreign Host (DNS rebinding)',
      facts('GET', '/api/sign-in/callback?code=c&state=s', { host: 'attacker.example:3100' }),
      'deny',
      421,
    ],
    ['a POST to the sign-in callback', facts('POST', '/api/sign-in/callback'), 'deny', 401],
    ['another API path beside the callback', facts('GET', '/api/sign-in/callbackx?state=s'), 'deny', 401],
    ['sign-in start without token', facts('POST', '/api/sign-in'), 'deny', 401],
    ['sign-in status without token', facts('GET', '/api/sign-in/status?handle=h'), 'deny', 401],
    ['sign-out without token', facts('POST', '/api/sign-in/sign-out'), 'deny', 401],
    ['static assets without token', facts('GET', '/_next/static/chunks/app.js'), 'allow'],
    // Pages are a shell without data or capabilities: nothing to protect with a credential a browser would spread.
    ['page shell without token', facts('GET', '/'), 'allow'],
    ['an unknown path without token', facts('GET', '/%61pi/history'), 'deny', 401],
    ['an API path spelled with two slashes', facts('GET', '//api/history'), 'deny', 401],
    ['a POST to a page', facts('POST', '/', { authorization: `Bearer ${token}` }), 'deny', 405],
    ['API without token', facts('POST', '/api/audit'), 'deny', 401],
    ['API with a wrong bearer', facts('POST', '/api/audit', { authorization: 'Bearer nope' }), 'deny', 401],
    ['API with the bearer', facts('POST', '/api/audit', { authorization: `Bearer ${token}` }), 'allow'],
    // No cookie opens anything: not the old session cookie, not any other.
    [
      'API with the old session cookie',
      facts('POST', '/api/audit', { cookie: `hintcheck_session_3100=${token}` }),
      'deny',
      401,
    ],
    ['oauth-check without token', facts('POST', '/api/oauth-check', { cookie: `a=${token}` }), 'deny', 401],
    ['API with the token in the query', facts('POST', `/api/audit?token=${token}`), 'deny', 400],
    ['page with a wrong token in the query', facts('GET', '/?token=wrong'), 'deny', 401],
    ['a foreign Host (DNS rebinding)', facts('GET', '/api/health', { host: 'attacker.example:3100' }), 'deny', 421],
    ['the right host on another port', facts('GET', '/api/health', { host: '127.0.0.1:80' }), 'deny', 421],
    [
      'localhost with the port',
      facts('POST', '/api/audit', { host: 'localhost:3100', authorization: `Bearer ${token}` }),
      'allow',
    ],
    [
      'a foreign Origin (CSRF)',
      facts('POST', '/api/audit', { origin: 'http://evil.example', authorization: `Bearer ${token}` }),
      'deny',
      403,
    ],
    [
      'the own Origin',
      facts('POST', '/api/audit', { origin: `http://${host}`, authorization: `Bearer ${token}` }),
      'allow',
    ],
    ['Origin null', facts('POST', '/api/audit', { origin: 'null', authorization: `Bearer ${token}` }), 'deny', 403],
    [
      'a cross-site fetch',
      facts('POST', '/api/audit', { 'sec-fetch-site': 'cross-site', authorization: `Bearer ${token}` }),
      'deny',
      403,
    ],
  ])('%s', (_label, request, kind, status) => {
    const decision = decideAccess(request, config);
    expect(decision.kind).toBe(kind);
    if (decision.kind === 'deny') expect(decision.status).toBe(status);
  });

  it('moves a token link into the fragment with a same-origin redirect, and sets no cookie', () => {
    expect(decideAccess(facts('GET', `/?token=${token}&x=1`), config)).toEqual({
      kind: 'redirect',
      location: `/?x=1#token=${token}`,
    });
  });

  // Issue 14: GET /.//evil.com?token=<valid> answered 303 Location: //evil.com.
  it.each([
    ['/.//evil.com', '/evil.com'],
    ['//evil.com', '/evil.com'],
    ['/\\evil.com', '/evil.com'],
    ['/\\/evil.com', '/evil.com'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    ['/%5C%5Cevil.com', '/%5C%5Cevil.com'],
    ['/a//b', '/a//b'],
  ])('a token link on %s redirects on the dashboard only', (path, expected) => {
    const decision = decideAccess(facts('GET', `${path}?token=${token}`), config);
    expect(decision).toEqual({ kind: 'redirect', location: `${expected}#token=${token}` });
    if (decision.kind !== 'redirect') return;
    // However a browser resolves it, the target stays on the dashboard's origin.
    expect(new URL(decision.location, `http://${host}/x/y`).origin).toBe(`http://${host}`);
  });

  it.each([
    ['//evil.com', ''],
    ['/\\evil.com', ''],
    ['\t//evil.com', ''],
    ['/\u0000/evil.com', '?q=1'],
    ['\\/evil.com', ''],
  ])('sameOriginPath(%j) never leaves the origin', (path, search) => {
    const location = sameOriginPath(path, search);
    expect(location).toMatch(/^\/[^/\\]/);
    expect(new URL(location, `http://${host}/`).origin).toBe(`http://${host}`);
  });

  it('prints a URL whose token is in the fragment, which browsers never send', () => {
    const url = new URL(dashboardUrl(`http://${host}`, token));
    expect(url.hash).toBe(`#token=${token}`);
    expect(url.search).toBe('');
  });

  it('accepts any Host only when the dashboard was explicitly exposed', () => {
    const exposed = { ...config, anyHost: true };
    expect(decideAccess(facts('GET', '/api/health', { host: '10.0.0.5:3100' }), exposed).kind).toBe('allow');
    expect(decideAccess(facts('POST', '/api/audit', { host: '10.0.0.5:3100' }), exposed).kind).toBe('deny');
  });
});

describe('tokenMatches', () => {
  it.each([
    [token, true],
    [`${token}x`, false],
    [token.slice(0, -1), false],
    ['', false],
    [undefined, false],
  ])('%j', (candidate, expected) => {
    expect(tokenMatches(candidate, token)).toBe(expected);
  });
});
