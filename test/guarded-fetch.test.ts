// The SSRF guard. No test here sends a packet outside 127.0.0.0/8: refusals are proved with an
// injected resolver and a request function that throws if it is ever called; real requests go only
// to node:http listeners on 127.0.0.1 through a request wrapper that refuses any other host.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addressProblem,
  guardedFetch,
  type GuardedFailure,
  type GuardedResponse,
  type GuardedResult,
  type RequestFunction,
  type ResolvedAddress,
  type Resolver,
} from '../lib/server/mcp/guarded-fetch';

// ---------------------------------------------------------------------------------------------
// Helpers

/** A request function that must never be called: it records the call and throws before any I/O. */
function forbiddenRequests() {
  const calls: http.RequestOptions[] = [];
  const fn = ((options: http.RequestOptions) => {
    calls.push(options);
    throw new Error('the guard let a request through');
  }) as unknown as RequestFunction;
  return { calls, request: { http: fn, https: fn } };
}

/** Real requests, to loopback only: any other host (or a pinned non-loopback address) throws instead. */
function loopbackOnlyRequests() {
  const hosts: string[] = [];
  const wrap = (impl: typeof http.request): RequestFunction =>
    ((options: http.RequestOptions, callback?: (res: http.IncomingMessage) => void) => {
      const host = options.hostname ?? '';
      hosts.push(host);
      let address = host;
      if (host !== '127.0.0.1' && host !== '::1') {
        // A name: the guard pins it with its own lookup; ask that lookup where the socket would go.
        options.lookup?.(host, { all: false }, (_error: unknown, pinned: unknown) => {
          address = String(pinned);
        });
      }
      if (!address.startsWith('127.') && address !== '::1') throw new Error(`refusing to contact ${host} (${address})`);
      return impl(options, callback);
    }) as unknown as RequestFunction;
  return { hosts, request: { http: wrap(http.request), https: wrap(https.request) } };
}

/** A resolver that answers every name with the given addresses and records what it was asked. */
function resolverFor(...addresses: string[]) {
  const asked: string[] = [];
  const resolve: Resolver = (hostname) => {
    asked.push(hostname);
    return Promise.resolve(
      addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { asked, resolve };
}

function failure(result: GuardedResult): GuardedFailure {
  if (result.ok) throw new Error(`expected a failure, got ${result.status} from ${result.finalUrl}`);
  return result;
}
function success(result: GuardedResult): GuardedResponse {
  if (!result.ok) throw new Error(`expected a response, got ${result.error.kind}: ${result.error.message}`);
  return result;
}

interface Listener {
  origin: string;
  port: number;
  requests: { method: string; path: string; host: string; body: string }[];
  closedSockets: () => number;
  close(): Promise<void>;
}
const listeners = new Set<Listener>();

afterEach(async () => {
  await Promise.all([...listeners].map((listener) => listener.close()));
  listeners.clear();
});

/** A node:http server on 127.0.0.1:0 whose close() destroys every socket. */
async function listen(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, listener: Listener) => void,
): Promise<Listener> {
  const sockets = new Set<Socket>();
  let closed = 0;
  const requests: Listener['requests'] = [];
  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        host: req.headers.host ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(req, res, listener);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closed++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const listener: Listener = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        for (const socket of sockets) socket.destroy();
      }),
  };
  listeners.add(listener);
  return listener;
}

// ---------------------------------------------------------------------------------------------
// addressProblem

describe('addressProblem', () => {
  it.each([
    '10.0.0.7',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '127.0.0.1',
    '255.255.255.255',
    '224.0.0.1',
    '198.18.0.1',
    '192.0.0.1',
    '192.0.2.1',
    '203.0.113.9',
    '240.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
    '100::1',
    '::a00:1',
    '::7f00:1',
    '4000::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(addressProblem(address, false)).not.toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows public %s',
    (address) => {
      expect(addressProblem(address, false)).toBeNull();
    },
  );

  it.each(['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1'])('allows loopback %s only when asked', (address) => {
    expect(addressProblem(address, false)).toMatch(/loopback/);
    expect(addressProblem(address, true)).toBeNull();
  });

  it.each(['10.0.0.1', '169.254.169.254', 'fc00::1', '0.0.0.0', '100.64.0.1', '::ffff:10.0.0.1'])(
    'still refuses %s when loopback is allowed',
    (address) => {
      expect(addressProblem(address, true)).not.toBeNull();
    },
  );

  it('names the range', () => {
    expect(addressProblem('10.0.0.7', false)).toBe('10.0.0.7 is a private address');
    expect(addressProblem('169.254.169.254', false)).toBe('169.254.169.254 is a linkLocal address');
  });
});

// ---------------------------------------------------------------------------------------------
// Refusals before any connection

describe('refuses before connecting', () => {
  it.each([
    ['10.0.0.7', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['224.0.0.251', 'multicast'],
    ['198.51.100.7', 'reserved'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['::a00:1', 'not a global unicast'],
  ])('a name resolving to %s (%s)', async (address, range) => {
    const { asked, resolve } = resolverFor(address);
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch('https://internal.example.test/metadata', { resolve, request }));
    expect(result.error.kind).toBe('blocked');
    expect(result.error.message).toContain(address);
    expect(result.error.message).toContain(range);
    expect(asked).toEqual(['internal.example.test']);
    expect(calls).toEqual([]);
  });

  it('every resolved address is checked, not only the first', async () => {
    const { resolve } = resolverFor('93.184.216.34', '10.0.0.7');
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch('https://mixed.example.test/', { resolve, request }));
    expect(result.error).toMatchObject({ kind: 'blocked' });
    expect(result.error.message).toContain('10.0.0.7');
    expect(calls).toEqual([]);
  });

  it.each([
    'https://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'https://[fc00::1]/x',
    'https://[fe80::1]/x',
    'https://[::ffff:10.0.0.1]/x',
    'https://[::ffff:a9fe:a9fe]/x',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::]/',
    'http://127.0.0.1/',
    'https://[::1]/',
    // The WHATWG parser normalises these to 127.0.0.1 / 10.0.0.1 before the guard sees them.
    'http://0x7f.1/',
    'http://2130706433/',
    'https://012.0.0.1/',
    'https://[::a00:1]/',
  ])('a literal address: %s (no DNS, no connection)', async (url) => {
    const { asked, resolve } = resolverFor('93.184.216.34');
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch(url, { resolve, request }));
    expect(result.error.kind).toBe('blocked');
    expect(asked).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each([
    'file:///etc/passwd',
    'data:application/json,{"resource":"x"}',
    'javascript:alert(1)',
    'ftp://files.example.test/pub/x',
    'gopher://gopher.example.test/',
    'ws://socket.example.test/',
    'blob:https://x.example.test/uuid',
  ])('the scheme of %s', async (url) => {
    const { asked, resolve } = resolverFor('93.184.216.34');
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch(url, { resolve, request, allowLoopback: true }));
    expect(result.error.kind).toBe('blocked');
    expect(result.error.message).toMatch(/scheme/);
    expect(asked).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each([
    'https://user:s3cret-pw@api.example.test/x',
    'https://token-only@api.example.test/',
    'http://u:p@127.0.0.1:9/',
  ])('credentials in %s', async (url) => {
    const { asked, resolve } = resolverFor('93.184.216.34');
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch(url, { resolve, request, allowLoopback: true }));
    expect(result.error.kind).toBe('blocked');
    expect(result.error.message).toContain('credentials');
    expect(result.error.message).not.toContain('s3cret');
    expect(asked).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each(['not a url', '', '//no-scheme.example.test/x', 'https://'])('a malformed URL %j', async (url) => {
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch(url, { resolve: resolverFor('93.184.216.34').resolve, request }));
    expect(result.error.kind).toBe('bad-url');
    expect(calls).toEqual([]);
  });

  it.each([false, true])('plain http to a public address (allowLoopback %s)', async (allowLoopback) => {
    const { resolve } = resolverFor('93.184.216.34');
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch('http://api.example.test/x', { resolve, request, allowLoopback }));
    expect(result.error.kind).toBe('blocked');
    expect(result.error.message).toContain('plain http');
    expect(calls).toEqual([]);
  });

  it.each([
    ['http://127.0.0.1:9/mcp', []],
    ['http://127.1.2.3:9/mcp', []],
    ['http://[::1]:9/mcp', []],
    ['https://localhost.example.test/mcp', ['127.0.0.1']],
    ['https://v6-localhost.example.test/mcp', ['::1']],
  ])('loopback %s when allowLoopback is false', async (url, addresses) => {
    const { resolve } = resolverFor(...addresses);
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch(url, { resolve, request }));
    expect(result.error.kind).toBe('blocked');
    expect(result.error.message).toContain('loopback');
    expect(calls).toEqual([]);
  });

  it('a real loopback listener is not contacted when allowLoopback is false', async () => {
    const listener = await listen((_req, res) => res.end('hello'));
    const result = failure(await guardedFetch(`${listener.origin}/x`));
    expect(result.error.kind).toBe('blocked');
    expect(listener.requests).toEqual([]);
  });

  it('a name that does not resolve, or resolves to nothing', async () => {
    const { calls, request } = forbiddenRequests();
    const nx = failure(
      await guardedFetch('https://nx.example.test/', {
        resolve: () => Promise.reject(new Error('ENOTFOUND nx.example.test')),
        request,
      }),
    );
    expect(nx.error.kind).toBe('network');
    expect(nx.error.message).toContain('ENOTFOUND');
    const empty = failure(
      await guardedFetch('https://empty.example.test/', { resolve: resolverFor().resolve, request }),
    );
    expect(empty.error.kind).toBe('network');
    expect(calls).toEqual([]);
  });

  it('a resolver that never answers counts against the time limit', async () => {
    const { calls, request } = forbiddenRequests();
    const started = performance.now();
    const result = failure(
      await guardedFetch('https://stuck.example.test/', {
        resolve: () => new Promise<ResolvedAddress[]>(() => undefined),
        request,
        timeoutMs: 300,
      }),
    );
    expect(result.error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(calls).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// What the guard lets through

describe('a public https target', () => {
  it('passes the checks and is pinned to the address that was checked (the request spy sends nothing)', async () => {
    const { resolve } = resolverFor('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946');
    const { calls, request } = forbiddenRequests();
    const result = failure(await guardedFetch('https://api.example.test:8443/path?q=1', { resolve, request }));
    // The spy threw instead of connecting: reported as a network failure, not as a refusal.
    expect(result.error.kind).toBe('network');
    expect(calls).toHaveLength(1);
    const options = calls[0];
    expect(options).toMatchObject({ hostname: 'api.example.test', port: 8443, path: '/path?q=1', method: 'GET' });
    const lookup = options?.lookup;
    expect(lookup).toBeTypeOf('function');
    const single: unknown[] = [];
    lookup?.('api.example.test', { all: false }, (...args: unknown[]) => single.push(...args));
    expect(single).toEqual([null, '93.184.216.34', 4]);
    const all: unknown[] = [];
    lookup?.('anything.example.test', { all: true }, (...args: unknown[]) => all.push(...args));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Real requests to 127.0.0.1

describe('against a 127.0.0.1 listener', () => {
  it('allowed when the target is loopback and allowLoopback is true', async () => {
    const listener = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer', 'X-Other': 'dropped' });
      res.end('{"ok":true}');
    });
    const { hosts, request } = loopbackOnlyRequests();
    const result = success(await guardedFetch(`${listener.origin}/doc?x=1`, { allowLoopback: true, request }));
    expect(result).toMatchObject({
      status: 200,
      contentType: 'application/json',
      body: '{"ok":true}',
      url: `${listener.origin}/doc?x=1`,
      finalUrl: `${listener.origin}/doc?x=1`,
      redirects: [],
    });
    expect(result.headers).toEqual({ 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    expect(listener.requests).toEqual([
      { method: 'GET', path: '/doc?x=1', host: `127.0.0.1:${listener.port}`, body: '' },
    ]);
    expect(hosts).toEqual(['127.0.0.1']);
  });

  it('a name is resolved once and the connection goes to the pinned address', async () => {
    const listener = await listen((_req, res) => res.end('pinned'));
    const { asked, resolve } = resolverFor('127.0.0.1');
    const { hosts, request } = loopbackOnlyRequests();
    const result = success(
      await guardedFetch(`http://dev-box.example.test:${listener.port}/`, { allowLoopback: true, resolve, request }),
    );
    expect(result.body).toBe('pinned');
    expect(asked).toEqual(['dev-box.example.test']);
    expect(hosts).toEqual(['dev-box.example.test']);
    expect(listener.requests[0]?.host).toBe(`dev-box.example.test:${listener.port}`);
  });

  it('POST sends the body with its length', async () => {
    const listener = await listen((req, res) => res.end(`${req.method ?? ''} ${req.headers['content-length'] ?? ''}`));
    const result = success(
      await guardedFetch(`${listener.origin}/mcp`, {
        method: 'POST',
        body: '{"jsonrpc":"2.0"}',
        headers: { 'Content-Type': 'application/json' },
        allowLoopback: true,
      }),
    );
    expect(result.body).toBe('POST 17');
    expect(listener.requests[0]?.body).toBe('{"jsonrpc":"2.0"}');
  });

  describe('redirects', () => {
    it.each([
      ['http://10.0.0.1/x', '10.0.0.1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['https://[fc00::1]/x', 'fc00::1'],
      ['file:///etc/passwd', 'file:'],
    ])('a hop to %s is refused before connecting', async (location, named) => {
      const listener = await listen((_req, res) => {
        res.writeHead(302, { Location: location });
        res.end();
      });
      const { hosts, request } = loopbackOnlyRequests();
      const result = failure(await guardedFetch(`${listener.origin}/start`, { allowLoopback: true, request }));
      expect(result.error.kind).toBe('blocked');
      expect(result.error.message).toContain(named);
      expect(result.redirects).toEqual([location]);
      // One request, to the listener; the request function never saw the private address.
      expect(listener.requests.map((r) => r.path)).toEqual(['/start']);
      expect(hosts).toEqual(['127.0.0.1']);
    });

    it('a hop to a name is resolved and checked again', async () => {
      const listener = await listen((_req, res) => {
        res.writeHead(301, { Location: 'https://internal.example.test/admin' });
        res.end();
      });
      const { asked, resolve } = resolverFor('10.0.0.7');
      const { hosts, request } = loopbackOnlyRequests();
      const result = failure(await guardedFetch(`${listener.origin}/`, { allowLoopback: true, resolve, request }));
      expect(result.error).toMatchObject({ kind: 'blocked' });
      expect(result.error.message).toContain('10.0.0.7');
      expect(asked).toEqual(['internal.example.test']);
      expect(hosts).toEqual(['127.0.0.1']);
    });

    it('followed by hand, relative and absolute, and listed', async () => {
      const listener = await listen((req, res, self) => {
        const hops: Record<string, string> = { '/a': '/b', '/b': `${self.origin}/c`, '/c': 'd' };
        const next = hops[req.url ?? ''];
        if (next === undefined) {
          res.end(`final ${req.url ?? ''}`);
          return;
        }
        res.writeHead(302, { Location: next });
        res.end();
      });
      const result = success(await guardedFetch(`${listener.origin}/a`, { allowLoopback: true }));
      expect(result.body).toBe('final /d');
      expect(result.redirects).toEqual([`${listener.origin}/b`, `${listener.origin}/c`, `${listener.origin}/d`]);
      expect(result.url).toBe(`${listener.origin}/a`);
      expect(result.finalUrl).toBe(`${listener.origin}/d`);
    });

    it('stops after maxRedirects', async () => {
      const listener = await listen((_req, res) => {
        res.writeHead(302, { Location: '/loop' });
        res.end();
      });
      const result = failure(await guardedFetch(`${listener.origin}/loop`, { allowLoopback: true, maxRedirects: 2 }));
      expect(result.error.kind).toBe('network');
      expect(result.error.message).toContain('more than 2 redirects');
      expect(result.redirects).toHaveLength(2);
      expect(listener.requests).toHaveLength(3);
    });

    it('307 keeps the method and body; 302 turns POST into GET', async () => {
      const listener = await listen((req, res) => {
        if (req.url === '/307') res.writeHead(307, { Location: '/echo' });
        else if (req.url === '/302') res.writeHead(302, { Location: '/echo' });
        res.end();
      });
      const options = { method: 'POST' as const, body: 'payload', allowLoopback: true };
      success(await guardedFetch(`${listener.origin}/307`, options));
      success(await guardedFetch(`${listener.origin}/302`, options));
      expect(listener.requests.map(({ method, path, body }) => `${method} ${path} ${body}`)).toEqual([
        'POST /307 payload',
        'POST /echo payload',
        'POST /302 payload',
        'GET /echo ',
      ]);
    });
  });

  it('a server that never answers: timeout within about timeoutMs', async () => {
    const listener = await listen(() => undefined);
    const started = performance.now();
    const result = failure(await guardedFetch(`${listener.origin}/slow`, { allowLoopback: true, timeoutMs: 300 }));
    const elapsed = performance.now() - started;
    expect(result.error.kind).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1500);
  });

  it('the time limit covers the whole redirect chain, not each hop', async () => {
    const listener = await listen((req, res) => {
      setTimeout(() => {
        res.writeHead(302, { Location: `/hop${String(Number((req.url ?? '/hop0').slice(4)) + 1)}` });
        res.end();
      }, 120);
    });
    const started = performance.now();
    const result = failure(
      await guardedFetch(`${listener.origin}/hop0`, { allowLoopback: true, timeoutMs: 400, maxRedirects: 20 }),
    );
    expect(result.error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('a body larger than maxBytes: too-large, without reading it all', async () => {
    const listener = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(Buffer.alloc(2 * 1024 * 1024, 0x61));
    });
    const result = failure(await guardedFetch(`${listener.origin}/big`, { allowLoopback: true, maxBytes: 64 * 1024 }));
    expect(result.error.kind).toBe('too-large');
    expect(result.error.message).toContain(String(64 * 1024));
  });

  it('a body of exactly maxBytes is read', async () => {
    const listener = await listen((_req, res) => res.end(Buffer.alloc(1000, 0x62)));
    const result = success(await guardedFetch(`${listener.origin}/`, { allowLoopback: true, maxBytes: 1000 }));
    expect(result.body).toHaveLength(1000);
  });

  it('a body that never ends is capped by size even before the time limit', async () => {
    const listener = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16 * 1024, 0x63);
      const timer = setInterval(() => res.write(chunk), 5);
      res.on('close', () => {
        clearInterval(timer);
      });
    });
    const result = failure(
      await guardedFetch(`${listener.origin}/`, { allowLoopback: true, maxBytes: 64 * 1024, timeoutMs: 5000 }),
    );
    expect(result.error.kind).toBe('too-large');
    expect(result.durationMs).toBeLessThan(4000);
  });

  describe('a never-ending text/event-stream', () => {
    const sse = (_req: http.IncomingMessage, res: http.ServerResponse): void => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(': connected\n\n');
      const timer = setInterval(() => res.write(': ping\n\n'), 50);
      res.on('close', () => {
        clearInterval(timer);
      });
    };

    it('headersOnly returns as soon as the headers arrive, and closes the stream', async () => {
      const listener = await listen(sse);
      const started = performance.now();
      const result = success(
        await guardedFetch(`${listener.origin}/mcp`, { allowLoopback: true, headersOnly: true, timeoutMs: 5000 }),
      );
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result.status).toBe(200);
      expect(result.contentType).toBe('text/event-stream');
      expect(result.body).toBe('');
      await expect.poll(() => listener.closedSockets(), { timeout: 2000 }).toBe(1);
    });

    it('without headersOnly the same stream runs into the time limit', async () => {
      const listener = await listen(sse);
      const result = failure(await guardedFetch(`${listener.origin}/mcp`, { allowLoopback: true, timeoutMs: 300 }));
      expect(result.error.kind).toBe('timeout');
    });
  });

  it('a listener that is gone: a network error', async () => {
    const listener = await listen((_req, res) => res.end());
    await listener.close();
    const result = failure(await guardedFetch(`${listener.origin}/`, { allowLoopback: true, timeoutMs: 2000 }));
    expect(result.error.kind).toBe('network');
  });
});
