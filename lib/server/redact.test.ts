import { describe, expect, it } from 'vitest';
import { childEnvironment, parseEnvSpec } from './child-env';
import { MIN_FRAGMENT_LENGTH, REDACTED, Redactor, redactUrl, secretForms, secretsOf } from './redact';

describe('redaction', () => {
  it.each([
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://user:pw@mcp.example.com/mcp?api_key=abc&x=1#frag', 'https://mcp.example.com/mcp?api_key=***&x=***'],
    ['nope', '(invalid URL)'],
  ])('redactUrl(%s)', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
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

describe('environment names (issue 14)', () => {
  // process.env and every plain object inherit these: they must be looked up as own properties only.
  const caller = Object.assign(Object.create(null) as Record<string, string>, { PATH: '/bin' });
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])('%s is a variable like any other', (name) => {
    expect(childEnvironment([parseEnvSpec(name)], process.env).missing).toEqual([name]);
    expect(childEnvironment([parseEnvSpec(name)], { ...caller }).missing).toEqual([name]);
    const set = childEnvironment([parseEnvSpec(`${name}=v1`)], caller);
    expect(set.env[name]).toBe('v1');
    expect(Object.keys(set.env)).toEqual(['PATH', name]);
  });
  it('passes a caller variable named constructor with its own value', () => {
    const result = childEnvironment([parseEnvSpec('constructor')], { constructor: 'mine' });
    expect(result.env.constructor).toBe('mine');
  });
  it('refuses __proto__ with a clear error', () => {
    expect(() => parseEnvSpec('__proto__=x')).toThrow('__proto__ cannot be passed');
  });
  it.each(['1ABC', 'A-B', '', 'A B', 'A.B', 'É'])('rejects the name %j', (name) => {
    expect(() => parseEnvSpec(`${name}=x`)).toThrow('not a valid environment variable name');
  });
});

describe('secrets', () => {
  it('collects header values, bearer tokens and query values; a URL password only where it stands', () => {
    const secrets = secretsOf(
      {
        transport: 'auto',
        url: 'https://u:pa%20ss@h/mcp?key=querykey&n=1',
        headers: { Authorization: 'Bearer tok-123456' },
      },
      {},
    );
    expect(secrets).toEqual({
      anywhere: ['Bearer tok-123456', 'tok-123456', 'querykey'],
      userinfo: ['pa%20ss', 'pa ss'],
    });
  });
  it('collects every named environment value, HOME and PATH too when named', () => {
    const secrets = secretsOf(
      {
        transport: 'stdio',
        command: 'x',
        args: [],
        env: [
          { name: 'API_KEY' },
          { name: 'HOME' },
          { name: 'MODE', value: 'production' },
          { name: 'PATH', value: '/opt/private/bin' },
          { name: 'toString' },
        ],
      },
      { API_KEY: 'k-998877', HOME: '/root/secret-home', USER: 'someone' },
    );
    expect(secrets.anywhere).toEqual(['/root/secret-home', '/opt/private/bin', 'production', 'k-998877']);
  });
});

const KEY = 'sk-live_"quoted"\\back/slash+plus=eq&amp é ü 0123456789';
const PEM = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
  'pMxr9k2bJf7Q2n0T1b6xJ2hQk9ZlO0mYy3yK7dXr2s5W1cVx8aBd',
  '-----END PRIVATE KEY-----',
].join('\n');

/** True when no piece of `secret` of `length` characters (in any of its forms) is in `text`. */
function noFragment(text: string, secret: string, length = 12): boolean {
  for (const form of secretForms(secret)) {
    for (let i = 0; i + length <= form.length; i++) if (text.includes(form.slice(i, i + length))) return false;
  }
  return true;
}

describe('Redactor', () => {
  const redactor = new Redactor({ anywhere: [KEY, PEM], userinfo: ['4801'] });
  it.each([
    ['as typed', KEY],
    ['JSON-escaped', JSON.stringify(KEY)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(KEY))],
    [
      'JSON with non-ASCII escaped',
      JSON.stringify(KEY).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ],
    ['URL-encoded', encodeURIComponent(KEY)],
    ['URL-encoded, lower-case hex', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
    ['form-encoded', encodeURIComponent(KEY).replace(/%20/g, '+')],
    ['HTML-escaped', KEY.replace(/&/g, '&amp;').replace(/"/g, '&quot;')],
    ['a PEM as typed', PEM],
    ['a PEM with whitespace collapsed', PEM.replace(/\s+/g, ' ')],
    ['a PEM without line breaks', PEM.replace(/\s+/g, '')],
    ['a PEM with CRLF', PEM.replace(/\n/g, '\r\n')],
    ['a PEM JSON-escaped', JSON.stringify(PEM)],
    ['one line of a PEM', PEM.split('\n')[1] ?? ''],
  ])('removes a secret %s', (_label, form) => {
    const out = redactor.text(`before ${form} after`);
    expect(out).toContain(REDACTED);
    expect(noFragment(out, KEY)).toBe(true);
    expect(noFragment(out, PEM)).toBe(true);
    expect(out.startsWith('before ')).toBe(true);
  });

  it('removes the piece of a secret at every cut position, at the start and at the end', () => {
    for (const secret of [KEY, PEM]) {
      const text = `lead ${secret} tail`;
      for (let at = 0; at <= text.length; at++) {
        const head = redactor.text(text.slice(0, at), { end: true });
        const rest = redactor.text(text.slice(at), { start: true });
        expect(noFragment(head, secret, MIN_FRAGMENT_LENGTH), `head cut at ${at}`).toBe(true);
        expect(noFragment(rest, secret, MIN_FRAGMENT_LENGTH), `rest cut at ${at}`).toBe(true);
      }
    }
  });

  it('leaves text outside the cut alone', () => {
    expect(redactor.text('abcdefghij', { start: true, end: true })).toBe('abcdefghij');
    expect(redactor.text('\uFFFD\uFFFD0123456789 rest', { start: true })).toBe(`\uFFFD\uFFFD${REDACTED} rest`);
  });

  it('redacts a URL password where it stands, not inside a port', () => {
    expect(redactor.text('http://127.0.0.1:4801/mcp and http://u:4801@127.0.0.1:4801/mcp')).toBe(
      `http://127.0.0.1:4801/mcp and http://u:${REDACTED}@127.0.0.1:4801/mcp`,
    );
  });

  it('redacts every string of a JSON value, keys included, and keeps __proto__ a plain key', () => {
    const value = JSON.parse(
      `{"a":["x ${'k'.repeat(5)} y"],"${'k'.repeat(5)}":1,"__proto__":{"polluted":"kkkkk"}}`,
    ) as unknown;
    const out = new Redactor(['kkkkk']).value(value) as Record<string, unknown>;
    expect(out).toEqual(
      Object.defineProperty({ a: [`x ${REDACTED} y`], [REDACTED]: 1 }, '__proto__', {
        value: { polluted: REDACTED },
        enumerable: true,
      }),
    );
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is a no-op without secrets', () => {
    const value = { a: 'x' };
    expect(new Redactor().value(value)).toBe(value);
  });
});

describe('secret-looking arguments (issue 20)', () => {
  it('are secrets of the audit: an echo of the value is redacted; a value under 8 characters only in the command line', () => {
    const key = 'sk-ant-api03-EchoedArgument0123456789';
    const set = secretsOf(
      { transport: 'stdio', command: 'node', args: ['srv.mjs', '--api-key', key, '--auth', 'none'], env: [] },
      {},
    );
    expect(set.anywhere).toEqual([key]);
    expect(new Redactor(set).text(`stderr: bad key ${key}`)).toBe('stderr: bad key «redacted»');
  });
});
