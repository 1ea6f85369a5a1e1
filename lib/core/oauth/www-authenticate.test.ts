// The WWW-Authenticate parser (RFC 9110 §11.6.1) on well-formed, odd and hostile headers.
import { describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from './www-authenticate';

describe('parseWwwAuthenticate', () => {
  it.each([
    ['Bearer', [{ scheme: 'Bearer', params: {} }]],
    [
      'Bearer resource_metadata="https://h/.well-known/oauth-protected-resource/mcp", scope="mcp:read mcp:write"',
      [
        {
          scheme: 'Bearer',
          params: {
            resource_metadata: 'https://h/.well-known/oauth-protected-resource/mcp',
            scope: 'mcp:read mcp:write',
          },
        },
      ],
    ],
    // Commas and escaped quotes inside quoted strings.
    [
      'Bearer realm="a, b", error_description="say \\"hi\\", then go", error="invalid_token"',
      [
        {
          scheme: 'Bearer',
          params: { realm: 'a, b', error_description: 'say "hi", then go', error: 'invalid_token' },
        },
      ],
    ],
    // Token (unquoted) values, whitespace around "=", upper-case parameter names.
    [
      'Bearer error=insufficient_scope , Scope = read,Resource_Metadata=https://h/prm',
      [
        {
          scheme: 'Bearer',
          params: { error: 'insufficient_scope', scope: 'read', resource_metadata: 'https://h/prm' },
        },
      ],
    ],
    // A Basic challenge before Bearer, with a comma in its realm.
    [
      'Basic realm="api, v2", charset="UTF-8", Bearer resource_metadata="https://h/prm", scope="files:read"',
      [
        { scheme: 'Basic', params: { realm: 'api, v2', charset: 'UTF-8' } },
        { scheme: 'Bearer', params: { resource_metadata: 'https://h/prm', scope: 'files:read' } },
      ],
    ],
    // Several challenges, one of them bare.
    [
      'Negotiate, Bearer realm="x", DPoP algs="ES256 PS256"',
      [
        { scheme: 'Negotiate', params: {} },
        { scheme: 'Bearer', params: { realm: 'x' } },
        { scheme: 'DPoP', params: { algs: 'ES256 PS256' } },
      ],
    ],
    ['bearer scope="a"', [{ scheme: 'bearer', params: { scope: 'a' } }]],
  ])('%s', (value, expected) => {
    expect(parseWwwAuthenticate(value)).toEqual(expected);
  });

  it.each([
    '',
    ' ',
    ',,,',
    '=',
    '"',
    '"""',
    '\\',
    'Bearer =',
    'Bearer a=',
    'Bearer a="unterminated',
    'Bearer a="ends with backslash\\',
    'Bearer ==, ==',
    'Negotiate YIIB9wYJKoZIhvcSAQICAQBuggHmMIIB4qADAgEFoQMCAQ6iBwMFACAAAACjggEmYYIBIjCCAR6gAwIBBaEJGwdF==',
    '\u0000\u00ff\uffff Bearer \ud83d\ude00="x"',
    'x'.repeat(100_000),
    `Bearer ${'a="b", '.repeat(5000)}`,
  ])('does not throw on %j', (value) => {
    expect(() => parseWwwAuthenticate(value)).not.toThrow();
    expect(Array.isArray(parseWwwAuthenticate(value))).toBe(true);
  });

  it('keeps the resource_metadata of an unterminated quote rather than dropping it', () => {
    expect(parseWwwAuthenticate('Bearer resource_metadata="https://h/prm')).toEqual([
      { scheme: 'Bearer', params: { resource_metadata: 'https://h/prm' } },
    ]);
  });
});
