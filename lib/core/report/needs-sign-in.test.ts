// A 401 from a hosted server that was sent no credentials is a state (sign in, or add a header), not a failure.
import { describe, expect, it } from 'vitest';
import { buildOAuthReport } from '../oauth/report';
import type { OAuthReport } from '../oauth/schemas';
import { oauthFinding } from '../oauth/findings';
import { refusalVerdict, signInNeed } from './needs-sign-in';
import type { Problem } from '../problems';
import type { Report } from './report';

const URL_ = 'https://mcp.acme.test/mcp';

function oauth(post: number | null, prmUsed: boolean): OAuthReport {
  const built = buildOAuthReport({
    url: URL_,
    displayUrl: URL_,
    loopbackTarget: false,
    probes: [
      {
        kind: 'endpoint-post',
        purpose: 'MCP endpoint, POST initialize without credentials',
        method: 'POST',
        url: URL_,
        status: post,
        contentType: null,
        error: null,
        redirects: [],
        durationMs: 1,
        wwwAuthenticate: null,
      },
    ],
    initialize: { status: post, contentType: null, wwwAuthenticate: null },
    get: { status: null },
    prm: { url: null, status: null, contentType: null, body: null, expectedResources: [URL_] },
    authorizationServers: [],
  });
  return { ...built, protectedResource: { ...built.protectedResource, used: prmUsed } };
}

const refused: Problem = { code: 'http-error', message: `HTTP 401 from ${URL_} at initialize`, step: 'initialize' };
type Input = Parameters<typeof signInNeed>[0];

function audit(change: Partial<Input> = {}): Input {
  return {
    oauth: oauth(401, true),
    errors: [refused],
    pages: 0,
    target: { transport: 'streamable-http', url: URL_, headerNames: [], envNames: [] },
    ...change,
  };
}

describe('signInNeed', () => {
  it.each<[string, Input, ReturnType<typeof signInNeed>]>([
    ['401, usable metadata, no credentials sent', audit(), 'sign-in'],
    ['403 likewise', audit({ oauth: oauth(403, true) }), 'sign-in'],
    ['401 without usable metadata: only a header helps', audit({ oauth: oauth(401, false) }), 'authorization'],
    [
      'a header was sent: the token was refused, a failure',
      audit({ target: { transport: 'streamable-http', url: URL_, headerNames: ['Authorization'], envNames: [] } }),
      null,
    ],
    ['signed in and still refused: a failure', audit({ signIn: {} as NonNullable<Report['signIn']> }), null],
    ['a page was listed: not this state', audit({ pages: 1 }), null],
    ['another error as well: a failure', audit({ errors: [refused, { code: 'timeout', message: 't' }] }), null],
    ['no error at all', audit({ errors: [] }), null],
    ['the endpoint answered 500', audit({ oauth: oauth(500, true) }), null],
    ['no OAuth check (a local server)', audit({ oauth: null }), null],
  ])('%s', (_label, input, expected) => {
    expect(signInNeed(input)).toBe(expected);
  });
});

describe('refusalVerdict', () => {
  const bogus = oauthFinding('bogus-token-accepted', 'A random token was accepted');
  it('says nothing failed when the check found nothing high', () => {
    expect(refusalVerdict({ findings: [] })).toContain('nothing failed');
    expect(refusalVerdict({ findings: [{ ...bogus, severity: 'medium' }] })).toContain('nothing failed');
  });
  it('never says nothing failed above a high finding (a made-up token accepted)', () => {
    const verdict = refusalVerdict({ findings: [bogus] });
    expect(verdict).not.toContain('nothing failed');
    expect(verdict).toContain('1 high-severity problem (bogus-token-accepted)');
  });
});
