// The sign-in rules, table-driven: which identity, which scopes, which redirects complete a flow.
import { describe, expect, it } from 'vitest';
import type { OAuthReport } from './schemas';
import {
  checkCallback,
  chooseClientCredentialsServer,
  chooseClientIdentity,
  chooseScopes,
  chooseSignInServer,
  grantedScopes,
  type CallbackParams,
} from './sign-in';

const ISSUER = 'https://auth.example.test';
const AS_DOC = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  code_challenge_methods_supported: ['S256'],
};

function report(overrides: Partial<OAuthReport> = {}): OAuthReport {
  return {
    url: 'https://mcp.example.test/mcp',
    discovery: 'protected-resource',
    reachable: true,
    probes: [],
    challenge: null,
    protectedResource: { url: null, document: { resource: 'https://mcp.example.test/mcp' }, used: true },
    authorizationServers: [
      { issuer: ISSUER, metadataUrl: null, document: AS_DOC, registration: 'dynamic', assumed: false },
    ],
    scopes: ['mcp:read'],
    scopeSource: 'challenge',
    offeredScopes: ['mcp:read', 'mcp:write'],
    challengeScopes: ['mcp:read'],
    findings: [],
    lessons: { issuer: '', scopes: '', transport: '' },
    ...overrides,
  };
}

describe('chooseClientIdentity', () => {
  it.each([
    ['both', null, 'https://me.example/client.json', 'client-id-metadata'],
    ['both', null, null, 'dynamic'],
    ['client-id-metadata', null, 'https://me.example/client.json', 'client-id-metadata'],
    ['dynamic', null, 'https://me.example/client.json', 'dynamic'],
    ['neither', 'typed-id', null, 'typed'],
    ['both', 'typed-id', 'https://me.example/client.json', 'typed'],
    ['neither', null, null, null],
    ['client-id-metadata', null, null, null],
  ] as const)('%s, client id %s, metadata URL %s: %s', (registration, clientId, clientMetadataUrl, expected) => {
    const choice = chooseClientIdentity(registration, { clientId, clientMetadataUrl });
    expect(choice.ok ? choice.value : null).toBe(expected);
    if (!choice.ok) expect(choice.reason).toContain('--client-id');
  });
});

describe('chooseScopes', () => {
  it.each([
    [null, ['mcp:read']],
    [[], ['mcp:read']],
    [['mcp:write'], ['mcp:write']],
    [['mcp:read', 'mcp:read'], ['mcp:read']],
    [['mcp:admin'], null],
  ] as const)('asked %j: %j', (asked, expected) => {
    const choice = chooseScopes(report(), asked === null ? null : [...asked]);
    expect(choice.ok ? choice.value : null).toEqual(expected);
  });
});

describe('chooseSignInServer', () => {
  it.each([
    ['usable', report(), true],
    ['metadata not used', report({ protectedResource: { url: null, document: null, used: false } }), false],
    [
      'issuer mismatch',
      report({ findings: [{ id: 'as-issuer-mismatch', severity: 'high', message: 'm', explanation: 'e' }] }),
      false,
    ],
    [
      'no S256',
      report({
        authorizationServers: [
          {
            issuer: ISSUER,
            metadataUrl: null,
            document: { ...AS_DOC, code_challenge_methods_supported: ['plain'] },
            registration: 'dynamic',
            assumed: false,
          },
        ],
      }),
      false,
    ],
    [
      'metadata unusable (registration null)',
      report({
        authorizationServers: [
          { issuer: ISSUER, metadataUrl: null, document: AS_DOC, registration: null, assumed: false },
        ],
      }),
      false,
    ],
  ])('%s', (_name, input, ok) => {
    expect(chooseSignInServer(input).ok).toBe(ok);
  });
});

describe('chooseClientCredentialsServer', () => {
  const server = (document: Record<string, unknown>) =>
    report({
      authorizationServers: [{ issuer: ISSUER, metadataUrl: null, document, registration: 'neither', assumed: false }],
    });
  const CC_DOC = { ...AS_DOC, grant_types_supported: ['client_credentials'] };
  it.each<[string, OAuthReport, string | null]>([
    ['the grant offered', server(CC_DOC), null],
    [
      'no PKCE: irrelevant to a grant that never visits the authorization endpoint',
      server({ ...CC_DOC, code_challenge_methods_supported: undefined }),
      null,
    ],
    [
      'PKCE missing, as the check says: still no obstacle',
      report({
        ...server(CC_DOC),
        findings: [{ id: 'as-pkce-missing', severity: 'high', message: 'm', explanation: 'e' }],
      }),
      null,
    ],
    [
      'grant_types_supported without it',
      server({ ...AS_DOC, grant_types_supported: ['authorization_code'] }),
      'does not list client_credentials',
    ],
    [
      'grant_types_supported absent (RFC 8414 default: code and implicit)',
      server(AS_DOC),
      'does not list client_credentials',
    ],
    ['no token endpoint', server({ ...CC_DOC, token_endpoint: undefined }), 'a token endpoint'],
    [
      'a document that must not be used',
      report({
        ...server(CC_DOC),
        findings: [{ id: 'as-issuer-mismatch', severity: 'high', message: 'bad issuer', explanation: 'e' }],
      }),
      'bad issuer',
    ],
  ])('%s', (_name, input, reason) => {
    const choice = chooseClientCredentialsServer(input);
    if (reason === null) expect(choice).toMatchObject({ ok: true, value: { issuer: ISSUER } });
    else expect(choice.ok ? '' : choice.reason).toContain(reason);
  });
});

describe('checkCallback', () => {
  const params = (overrides: Partial<CallbackParams>): CallbackParams => ({
    code: 'the-code',
    state: 's',
    iss: ISSUER,
    error: null,
    errorDescription: null,
    ...overrides,
  });
  it.each([
    [params({}), true, 'the-code'],
    [params({ iss: null }), false, 'the-code'],
    [params({ iss: null }), true, null],
    [params({ iss: 'https://evil.test' }), false, null],
    [params({ iss: 'https://evil.test' }), true, null],
    [params({ code: null }), true, null],
    [params({ code: '' }), true, null],
    [params({ code: null, error: 'access_denied' }), true, null],
  ])('%j (iss promised: %s): %s', (input, promised, expected) => {
    const result = checkCallback(input, { issuer: ISSUER, issParameterSupported: promised });
    expect(result.ok ? result.value : null).toBe(expected);
  });
});

describe('grantedScopes', () => {
  it.each([
    [undefined, ['a'], ['a']],
    ['', ['a'], ['a']],
    ['a b', ['a'], ['a', 'b']],
  ] as const)('token scope %j, requested %j: %j', (scope, requested, expected) => {
    expect(grantedScopes(scope, requested)).toEqual(expected);
  });
});
