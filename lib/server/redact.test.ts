import { describe, expect, it } from 'vitest';
import { childEnvironment, parseEnvSpec } from './child-env';
import { REDACTED, redactHeader, redactSecrets, redactUrl, secretsOf } from './redact';

describe('redaction', () => {
  it.each([
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://user:pw@mcp.example.com/mcp?api_key=abc&x=1#frag', 'https://mcp.example.com/mcp?api_key=***&x=***'],
    ['nope', '(invalid URL)'],
  ])('redactUrl(%s)', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
  it('never shows a header value', () => {
    expect(redactHeader('Authorization', 'Bearer abcdef')).toBe('Authorization: Bearer ***(6 chars)');
    expect(redactHeader('X-Api-Key', 'k123')).toBe('X-Api-Key: ***(4 chars)');
  });
});

describe('child environment', () => {
  const caller = {
    HOME: '/home/u',
    PATH: '/bin',
    USER: 'u',
    SECRET: 's',
    API_KEY: 'k',
    SHELL: '() { evil; }',
    AWS_SECRET_ACCESS_KEY: 'aws',
  };
  it('passes the allowlist and the named variables only', () => {
    const result = childEnvironment(
      [parseEnvSpec('API_KEY'), parseEnvSpec('MODE=dev'), parseEnvSpec('MISSING')],
      caller,
    );
    expect(result.env).toEqual({ HOME: '/home/u', PATH: '/bin', USER: 'u', API_KEY: 'k', MODE: 'dev' });
    expect(result.names).toEqual(['API_KEY', 'MODE']);
    expect(result.missing).toEqual(['MISSING']);
  });
  it.each(['1ABC', 'A-B', '', 'A B'])('rejects the name %j', (name) => {
    expect(() => parseEnvSpec(name)).toThrow('not a valid environment variable name');
  });
  it('keeps = signs inside values', () => {
    expect(parseEnvSpec('A=b=c')).toEqual({ name: 'A', value: 'b=c' });
  });
});

describe('secrets', () => {
  it('collects header values, bearer tokens, query values and URL passwords, longest first', () => {
    const secrets = secretsOf(
      {
        transport: 'auto',
        url: 'https://u:pa%20ss@h/mcp?key=querykey&n=1',
        headers: { Authorization: 'Bearer tok-123456' },
      },
      {},
    );
    expect(secrets).toEqual(['Bearer tok-123456', 'tok-123456', 'querykey', 'pa ss']);
  });
  it('collects named environment values but not the allowlist', () => {
    const secrets = secretsOf(
      {
        transport: 'stdio',
        command: 'x',
        args: [],
        env: [{ name: 'API_KEY' }, { name: 'HOME' }, { name: 'MODE', value: 'production' }],
      },
      { API_KEY: 'k-998877', HOME: '/root' },
    );
    expect(secrets).toEqual(['production', 'k-998877']);
  });
  it('replaces secrets anywhere in a JSON value, keys included', () => {
    expect(redactSecrets({ a: ['x sekret y'], sekret: 1, n: 2 }, ['sekret'])).toEqual({
      a: [`x ${REDACTED} y`],
      [REDACTED]: 1,
      n: 2,
    });
  });
});
