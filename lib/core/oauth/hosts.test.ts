// Loopback recognition, including IPv4-mapped IPv6 as WHATWG URL normalises it.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './hosts';

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['::1', true],
    ['[0:0:0:0:0:0:0:1]', true],
    ['[::ffff:127.0.0.1]', true],
    ['::ffff:127.9.9.9', true],
    ['[0:0:0:0:0:ffff:127.0.0.1]', true],
    // new URL('http://[::ffff:127.0.0.1]/').hostname
    [new URL('http://[::ffff:127.0.0.1]/').hostname, true],
    [new URL('http://[::ffff:127.200.0.1]:8080/').hostname, true],
    ['[::ffff:10.0.0.1]', false],
    [new URL('http://[::ffff:10.0.0.1]/').hostname, false],
    [new URL('http://[::ffff:128.0.0.1]/').hostname, false],
    ['[::2]', false],
    ['128.0.0.1', false],
    ['localhost.evil.test', false],
    ['127.0.0.1.evil.test', false],
    ['example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
