import { describe, expect, it } from 'vitest';
import { cookieName, decideAccess, tokenMatches, type RequestFacts } from './access';

const token = 'tok-0123456789abcdefghijkl';
const config = { token, port: 3100, anyHost: false };
const host = '127.0.0.1:3100';

function facts(method: string, url: string, headers: Record<string, string> = {}): RequestFacts {
  return { method, url, headers: { host, ...headers } };
}

describe('decideAccess', () => {
  it.each<[string, RequestFacts, string, number?]>([
    ['health without token', facts('GET', '/api/health'), 'allow'],
    ['static assets without token', facts('GET', '/_next/static/chunks/app.js'), 'allow'],
    ['page without token', facts('GET', '/'), 'deny', 401],
    ['API without token', facts('POST', '/api/audit'), 'deny', 401],
    ['API with a wrong bearer', facts('POST', '/api/audit', { authorization: 'Bearer nope' }), 'deny', 401],
    ['API with the bearer', facts('POST', '/api/audit', { authorization: `Bearer ${token}` }), 'allow'],
    ['API with the cookie', facts('POST', '/api/audit', { cookie: `a=b; ${cookieName(3100)}=${token}` }), 'allow'],
    [
      'API with the cookie of another port',
      facts('POST', '/api/audit', { cookie: `${cookieName(3101)}=${token}` }),
      'deny',
      401,
    ],
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
    [
      'Origin null',
      facts('POST', '/api/audit', { origin: 'null', cookie: `${cookieName(3100)}=${token}` }),
      'deny',
      403,
    ],
    [
      'a cross-site fetch',
      facts('POST', '/api/audit', { 'sec-fetch-site': 'cross-site', cookie: `${cookieName(3100)}=${token}` }),
      'deny',
      403,
    ],
  ])('%s', (_label, request, kind, status) => {
    const decision = decideAccess(request, config);
    expect(decision.kind).toBe(kind);
    if (decision.kind === 'deny') expect(decision.status).toBe(status);
  });

  it('turns the token link into an HttpOnly SameSite=Strict cookie and drops the token from the URL', () => {
    expect(decideAccess(facts('GET', `/?token=${token}&x=1`), config)).toEqual({
      kind: 'set-cookie',
      location: '/?x=1',
      cookie: `${cookieName(3100)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
    });
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
