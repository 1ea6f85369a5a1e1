/**
 * Who may drive the dashboard. It launches programs the user types, so only the local user may.
 *
 * No cookie: cookies are not scoped by port, so any cookie the dashboard set would also be sent to
 * every other service on 127.0.0.1 (a server under evaluation, for example). The session token
 * travels in the URL fragment (`/#token=…`, never sent over the network by a browser), the page
 * keeps it in sessionStorage (scoped to scheme, host and port) and sends it as
 * `Authorization: Bearer` on every API call, compared in constant time. Pages are a shell without
 * data or capabilities: everything that runs, connects or reveals a result is an API route and needs
 * the token. A Host allow-list refuses DNS rebinding and an Origin / Sec-Fetch-Site check refuses
 * cross-site requests, on every route. A `?token=` link is accepted on a page, once, and answered
 * with a same-origin redirect that moves the token into the fragment.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ProblemCode } from '../../core/problems';

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
  | { kind: 'redirect'; location: string }
  | { kind: 'deny'; status: number; code: ProblemCode; message: string; page: boolean };

export const MIN_TOKEN_LENGTH = 24;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The URL that opens the dashboard: the token in the fragment, which browsers never send. */
export function dashboardUrl(origin: string, token: string): string {
  return `${origin}/#token=${encodeURIComponent(token)}`;
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

export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/**
 * A redirect target that can only stay on this origin: a path starting with exactly one `/`.
 * Browsers read `//host`, `/\host` and `\\host` as another host, so every leading run of slashes
 * and backslashes becomes one `/`; control characters (which browsers strip) are removed first.
 */
export function sameOriginPath(pathname: string, search = '', hash = ''): string {
  const clean = pathname.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[/\\]+/, '');
  return `/${clean}${search}${hash}`;
}

/** The sign-in redirect target (lib/server/http/sign-in-api.ts). */
export const SIGN_IN_CALLBACK_PATH = '/api/sign-in/callback';

const PUBLIC_PATHS = [/^\/_next\/static\//, /^\/favicon\.ico$/];
/**
 * The page shell: served without the token because it holds no data and can do nothing by itself.
 * An allow-list of exact paths, so no spelling of an API route (encoded, doubled slashes, dot
 * segments) can pass for a page.
 */
const SHELL_PATHS = new Set(['/', '/servers']);

export function decideAccess(facts: RequestFacts, config: AccessConfig): AccessDecision {
  const deny = (status: number, code: ProblemCode, message: string, page: boolean): AccessDecision => ({
    kind: 'deny',
    status,
    code,
    message,
    page,
  });
  // Parsed as a path even when it starts with `//` (which new URL would read as a host).
  const url = new URL(`http://placeholder/${facts.url.replace(/^[/\\]+/, '')}`);
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
  // The sign-in redirect: a cross-site navigation from the authorization server, which carries no
  // Bearer token (a SameSite cookie would not be sent either). Only this GET passes, after the Host
  // check; its handler completes only a flow this process started (sign-in-api.ts, docs/security.md).
  if (facts.method === 'GET' && url.pathname === SIGN_IN_CALLBACK_PATH) return { kind: 'allow' };
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
        'A token in a query string is refused on API routes: send Authorization: Bearer.',
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
      kind: 'redirect',
      location: sameOriginPath(url.pathname, url.search, `#token=${encodeURIComponent(config.token)}`),
    };
  }

  if (SHELL_PATHS.has(url.pathname)) {
    if (facts.method === 'GET' || facts.method === 'HEAD') return { kind: 'allow' };
    return deny(405, 'method-not-allowed', 'Pages only answer GET.', true);
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(header(facts, 'authorization') ?? '')?.[1];
  if (tokenMatches(bearer, config.token)) return { kind: 'allow' };
  return deny(
    401,
    'unauthorized',
    'This dashboard needs its session token. Open the URL printed when it started (it carries #token=...).',
    !isApi,
  );
}
