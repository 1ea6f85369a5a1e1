/**
 * An SSRF-guarded HTTP client for URLs that come from documents a server controls (MCP security
 * best practices; RFC 9728 §7.7). Before any connection: only http(s), no credentials in the URL,
 * the host resolved and every address checked with ipaddr.js (public unicast only; loopback only
 * when the user's own target is loopback), HTTPS required except for such loopback targets. The
 * connection is pinned to the checked address (no second DNS answer can swap it), redirects are
 * followed by hand with every hop checked again, and time and body size are capped.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { PRODUCT_NAME } from '../../core/product';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
export type RequestFunction = typeof http.request;

export interface GuardedFetchOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The user's own target is on loopback (local development): loopback and http are allowed. */
  allowLoopback?: boolean;
  /** Resolve as soon as the status line and headers arrive, without reading the body (event streams). */
  headersOnly?: boolean;
  /** Ends the request (and closes its socket) when aborted: a caller that goes away ends its fetches. */
  signal?: AbortSignal;
  /** Injected in tests to prove a refusal happens before any connection. */
  resolve?: Resolver;
  request?: { http: RequestFunction; https: RequestFunction };
}

export type FetchErrorKind = 'blocked' | 'timeout' | 'too-large' | 'network' | 'tls' | 'bad-url';

export interface GuardedResponse {
  ok: true;
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  body: string;
  redirects: string[];
  durationMs: number;
}
export interface GuardedFailure {
  ok: false;
  url: string;
  redirects: string[];
  error: { kind: FetchErrorKind; message: string };
  durationMs: number;
}
export type GuardedResult = GuardedResponse | GuardedFailure;

export const FETCH_DEFAULTS = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 5 } as const;

export const defaultResolve: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Why an address may not be contacted, or null when it may. */
export function addressProblem(address: string, allowLoopback: boolean): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return `${address} is not an IP address`;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  // ipaddr.js calls every IPv6 address outside its special ranges "unicast", including the rest of the
  // IETF-reserved ::/8 (IPv4-compatible ::a00:1 = 10.0.0.1) and unallocated space: only 2000::/3 is global.
  if (range === 'unicast' && parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) {
    return `${address} is not a global unicast address`;
  }
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return `${address} is a ${range} address`;
}

class Refusal extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
  ) {
    super(message);
  }
}

interface CheckedTarget {
  url: URL;
  pinned: ResolvedAddress;
}

/** The resolver's answer, or a timeout refusal at the deadline: DNS counts against the request's time limit. */
async function resolveBefore(host: string, resolve: Resolver, deadline: number): Promise<ResolvedAddress[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        reject(new Refusal('timeout', `${host} was not resolved within the time limit`));
      },
      Math.max(1, deadline - performance.now()),
    );
  });
  try {
    return await Promise.race([
      resolve(host).catch((error: unknown) => {
        throw new Refusal(
          'network',
          `${host} could not be resolved (${error instanceof Error ? error.message : String(error)})`,
        );
      }),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkTarget(raw: string, options: GuardedFetchOptions, deadline: number): Promise<CheckedTarget> {
  if (!URL.canParse(raw)) throw new Refusal('bad-url', `"${raw.slice(0, 200)}" is not a URL`);
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Refusal('blocked', `the scheme ${url.protocol} is not allowed (only https)`);
  if (url.username !== '' || url.password !== '')
    throw new Refusal('blocked', `${url.host} carries credentials in the URL`);
  const allowLoopback = options.allowLoopback ?? false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses: ResolvedAddress[] = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await resolveBefore(host, options.resolve ?? defaultResolve, deadline);
  for (const { address } of addresses) {
    const problem = addressProblem(address, allowLoopback);
    if (problem !== null) throw new Refusal('blocked', `${url.origin} resolves to ${problem}`);
  }
  const [pinned] = addresses;
  if (pinned === undefined) throw new Refusal('network', `${host} has no address`);
  const loopback = ipaddr.parse(pinned.address).range() === 'loopback';
  if (url.protocol === 'http:' && !(allowLoopback && loopback))
    throw new Refusal('blocked', `${url.origin} is plain http (only https is allowed here)`);
  return { url, pinned };
}

function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) {
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    } else {
      (callback as (error: null, address: string, family: number) => void)(null, pinned.address, pinned.family);
    }
  };
}

interface HopResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function sendOnce(
  target: CheckedTarget,
  options: GuardedFetchOptions,
  method: string,
  body: string | undefined,
  deadline: number,
): Promise<HopResult> {
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const secure = target.url.protocol === 'https:';
  const request = secure ? (options.request?.https ?? https.request) : (options.request?.http ?? http.request);
  return new Promise((resolve, reject) => {
    const remaining = Math.max(1, deadline - performance.now());
    const req = request(
      {
        protocol: target.url.protocol,
        hostname: target.url.hostname.replace(/^\[|\]$/g, ''),
        port: target.url.port === '' ? undefined : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        method,
        headers: {
          'User-Agent': `${PRODUCT_NAME} (metadata check)`,
          ...options.headers,
          ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
        },
        lookup: pinnedLookup(target.pinned),
        agent: false,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      (res) => {
        if (options.headersOnly === true) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(
              new Refusal('too-large', `the response from ${target.url.origin} is larger than ${maxBytes} bytes`),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Refusal('timeout', `no complete answer from ${target.url.origin} within the time limit`));
    }, remaining);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('close', () => {
      clearTimeout(timer);
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function classify(error: unknown): { kind: FetchErrorKind; message: string } {
  if (error instanceof Refusal) return { kind: error.kind, message: error.message };
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'network', message: 'cancelled' };
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return { kind: 'tls', message: `TLS failed: ${code}` };
  return { kind: 'network', message: code === '' ? message : `${code}: ${message}` };
}

const header = (headers: http.IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

export async function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<GuardedResult> {
  const started = performance.now();
  const deadline = started + (options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs);
  const redirects: string[] = [];
  let current = url;
  let method: string = options.method ?? 'GET';
  let body = options.body;
  let sendHeaders: Record<string, string> = options.headers ?? {};
  try {
    for (let hop = 0; ; hop++) {
      if (options.signal?.aborted === true) throw new Refusal('network', 'cancelled: the caller went away');
      const target = await checkTarget(current, options, deadline);
      const result = await sendOnce(target, { ...options, headers: sendHeaders }, method, body, deadline);
      const location = header(result.headers, 'location');
      if (result.status >= 300 && result.status < 400 && location !== null) {
        if (hop >= (options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects)) {
          throw new Refusal('network', `more than ${options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects} redirects`);
        }
        const next = new URL(location, target.url).toString();
        redirects.push(next);
        // Headers were meant for the first origin: never carry them to another one.
        if (new URL(next).origin !== target.url.origin) sendHeaders = {};
        if (result.status !== 307 && result.status !== 308) {
          method = 'GET';
          body = undefined;
        }
        current = next;
        continue;
      }
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'www-authenticate', 'allow', 'location', 'mcp-session-id']) {
        const value = header(result.headers, name);
        if (value !== null) headers[name] = value;
      }
      return {
        ok: true,
        url,
        finalUrl: target.url.toString(),
        status: result.status,
        headers,
        contentType: headers['content-type'] ?? null,
        body: result.body,
        redirects,
        durationMs: Math.round(performance.now() - started),
      };
    }
  } catch (error) {
    return { ok: false, url, redirects, error: classify(error), durationMs: Math.round(performance.now() - started) };
  }
}
