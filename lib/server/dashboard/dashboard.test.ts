import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseServeOptions } from './dashboard';

describe('parseServeOptions', () => {
  it('binds 127.0.0.1 on the default port with a random token', () => {
    const a = parseServeOptions([], {});
    const b = parseServeOptions([], {});
    expect(a).toMatchObject({ host: '127.0.0.1', port: DEFAULT_PORT, anyHost: false, tokenFromEnv: false });
    expect(a.token.length).toBeGreaterThanOrEqual(40);
    expect(a.token).not.toBe(b.token);
  });
  it('takes PORT and HINTCHECK_TOKEN', () => {
    expect(parseServeOptions([], { PORT: '4100', HINTCHECK_TOKEN: 'x'.repeat(30) })).toMatchObject({
      port: 4100,
      token: 'x'.repeat(30),
      tokenFromEnv: true,
    });
  });
  it.each([
    [['--host', '0.0.0.0'], {}, 'Refusing to listen on 0.0.0.0'],
    [['--host', '::'], {}, 'Refusing to listen on ::'],
    [['--host', 'example.com'], {}, 'must be an IP address or localhost'],
    [[], { PORT: 'abc' }, 'PORT must be a number'],
    [[], { HINTCHECK_TOKEN: 'short' }, 'HINTCHECK_TOKEN must be at least 24 characters'],
  ])('refuses %j %j', (argv, env, message) => {
    expect(() => parseServeOptions(argv, env)).toThrow(message);
  });
  it('opens a browser only when asked with --open', () => {
    expect(parseServeOptions([], {}).open).toBe(false);
    expect(parseServeOptions(['--open'], {}).open).toBe(true);
  });
  it('listens on all interfaces only with the loudly named flag', () => {
    expect(parseServeOptions(['--host', '0.0.0.0', '--unsafe-listen-on-network'], {})).toMatchObject({
      host: '0.0.0.0',
      anyHost: true,
    });
  });
});
