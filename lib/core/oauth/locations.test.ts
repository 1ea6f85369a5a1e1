// The metadata URL orders of RFC 9728 §3.1 and RFC 8414 §3.1 / OIDC Discovery, as the MCP spec lists them.
import { describe, expect, it } from 'vitest';
import { authorizationServerMetadataUrls, protectedResourceMetadataUrls } from './locations';

describe('protectedResourceMetadataUrls', () => {
  it.each([
    [
      'https://h/public/mcp',
      ['https://h/.well-known/oauth-protected-resource/public/mcp', 'https://h/.well-known/oauth-protected-resource'],
    ],
    [
      'https://h/public/mcp/',
      ['https://h/.well-known/oauth-protected-resource/public/mcp', 'https://h/.well-known/oauth-protected-resource'],
    ],
    [
      'https://h/mcp',
      ['https://h/.well-known/oauth-protected-resource/mcp', 'https://h/.well-known/oauth-protected-resource'],
    ],
    [
      'https://h:8443/mcp',
      [
        'https://h:8443/.well-known/oauth-protected-resource/mcp',
        'https://h:8443/.well-known/oauth-protected-resource',
      ],
    ],
    ['https://h', ['https://h/.well-known/oauth-protected-resource']],
    ['https://h/', ['https://h/.well-known/oauth-protected-resource']],
    [
      'http://127.0.0.1:3000/mcp',
      [
        'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp',
        'http://127.0.0.1:3000/.well-known/oauth-protected-resource',
      ],
    ],
  ])('%s', (resource, expected) => {
    expect(protectedResourceMetadataUrls(resource)).toEqual(expected);
  });

  it('throws on something that is not a URL (callers catch it)', () => {
    expect(() => protectedResourceMetadataUrls('not a url')).toThrow();
  });
});

describe('authorizationServerMetadataUrls', () => {
  it.each([
    [
      'https://a/tenant',
      [
        'https://a/.well-known/oauth-authorization-server/tenant',
        'https://a/.well-known/openid-configuration/tenant',
        'https://a/tenant/.well-known/openid-configuration',
      ],
    ],
    [
      'https://a/tenant/',
      [
        'https://a/.well-known/oauth-authorization-server/tenant',
        'https://a/.well-known/openid-configuration/tenant',
        'https://a/tenant/.well-known/openid-configuration',
      ],
    ],
    [
      'https://login.idp.test/realms/acme',
      [
        'https://login.idp.test/.well-known/oauth-authorization-server/realms/acme',
        'https://login.idp.test/.well-known/openid-configuration/realms/acme',
        'https://login.idp.test/realms/acme/.well-known/openid-configuration',
      ],
    ],
    ['https://a', ['https://a/.well-known/oauth-authorization-server', 'https://a/.well-known/openid-configuration']],
    ['https://a/', ['https://a/.well-known/oauth-authorization-server', 'https://a/.well-known/openid-configuration']],
  ])('%s', (issuer, expected) => {
    expect(authorizationServerMetadataUrls(issuer)).toEqual(expected);
  });
});
