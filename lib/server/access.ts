/**
 * Who may drive the dashboard. It launches programs the user types, so only the local user may:
 * a random session token (or HINTCHECK_TOKEN) carried by an HttpOnly, SameSite=Strict cookie or an
 * `Authorization: Bearer` header, compared in constant time; a Host allow-list against DNS
 * rebinding; an Origin check against cross-site requests. The token is accepted in a query string
 * only on a page URL, once, to set the cookie and drop it from the address bar.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ProblemCode } from '../core/problems';

export interface AccessConfig {
  token: string;
  port: number;
  /** When the user explicitly exposed the dashboard beyond loopback, any Host may be used. */
  anyHost: boolean;
}

export interface RequestFacts {
  method: string;
  /** Path and query, as in http.IncomingMessage.url. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'set-cookie'; location: string; cookie: string }
  | { kind: 'deny'; status: number; code: ProblemCode; message: string; page: boolean };

export const MIN_TOKEN_LENGTH = 24;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function cookieName(port: number): string {
  return `hintcheck_session_${port}`;
}

function header(facts: RequestFacts, name: string): string | undefined {
  const value = facts.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Constant-time comparison that does not leak the token's length through an early return. */
export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  const same = a.length === b.length;
  return timingSafeEqual(same ? a : b, b) && same;
}

function readCookie(facts: RequestFacts, name: string): string | undefined {
  const raw = header(facts, 'cookie');
  if (raw === undefined) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

const PUBLIC_PATHS = [/^\/_next\/static\//, /^\/favicon\.ico$/];

export function decideAccess(facts: RequestFacts, config: AccessConfig): AccessDecision {
  const deny = (status: number, code: ProblemCode, message: string, page: boolean): AccessDecision => ({
    kind: 'deny',
    status,
    code,
    message,
    page,
  });
  const url = new URL(facts.url, 'http://placeholder');
  const isApi = url.pathname.startsWith('/api/');

  const host = header(facts, 'host')?.toLowerCase();
  if (host === undefined || (!config.anyHost && !loopbackHosts(config.port).includes(host))) {
    return deny(
      421,
      'bad-host',
      'This dashboard only answers on its loopback address (127.0.0.1 or localhost with its port).',
      !isApi,
    );
  }
  const origin = header(facts, 'origin');
  if (origin !== undefined && origin !== `http://${host}`) {
    return deny(403, 'bad-origin', 'Cross-origin requests are refused.', !isApi);
  }
  if (header(facts, 'sec-fetch-site') === 'cross-site') {
    return deny(403, 'bad-origin', 'Cross-site requests are refused.', !isApi);
  }
  if (facts.method === 'GET' && url.pathname === '/api/health') return { kind: 'allow' };
  if (PUBLIC_PATHS.some((pattern) => pattern.test(url.pathname))) return { kind: 'allow' };

  const queryToken = url.searchParams.get('token');
  if (queryToken !== null) {
    if (isApi) {
      return deny(
        400,
        'token-in-query',
        'A token in a query string is refused on API routes: send the session cookie or Authorization: Bearer.',
        false,
      );
    }
    if (facts.method !== 'GET' || !tokenMatches(queryToken, config.token)) {
      return deny(
        401,
        'unauthorized',
        'This link carries a wrong or expired token. Open the URL printed when the dashboard started.',
        true,
      );
    }
    url.searchParams.delete('token');
    return {
      kind: 'set-cookie',
      location: `${url.pathname}${url.search}`,
      cookie: `${cookieName(config.port)}=${config.token}; HttpOnly; SameSite=Strict; Path=/`,
    };
  }

  const bearer = /^Bearer\s+(.+)$/i.exec(header(facts, 'authorization') ?? '')?.[1];
  if (tokenMatches(bearer, config.token) || tokenMatches(readCookie(facts, cookieName(config.port)), config.token)) {
    return { kind: 'allow' };
  }
  return deny(
    401,
    'unauthorized',
    'This dashboard needs its session token. Open the URL printed when it started (it carries ?token=...).',
    !isApi,
  );
}
