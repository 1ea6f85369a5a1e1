/**
 * Serves the dashboard: Next.js behind a Node HTTP server that decides access before Next sees a
 * request (lib/server/http/access.ts). Binds 127.0.0.1 unless told otherwise with a loudly named flag.
 * Prints the one URL that opens it, with the session token.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import next from 'next';
import { MIN_TOKEN_LENGTH, dashboardUrl, decideAccess, newToken, type AccessConfig } from '../http/access';
import { BODY_TOO_LARGE, bodyCapFor, bodyRefusedByHeaders } from '../http/request-body';
import { productEnv } from '../../core/product';

export const DEFAULT_PORT = 3100;

export interface ServeOptions {
  port: number;
  host: string;
  token: string;
  tokenFromEnv: boolean;
  anyHost: boolean;
  dev: boolean;
  /** Open the URL in the user's browser once serving (`--open`); nothing is opened otherwise. */
  open: boolean;
}

export class ServeUsageError extends Error {}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function parseServeOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServeOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      dev: { type: 'boolean' },
      open: { type: 'boolean' },
      'unsafe-listen-on-network': { type: 'boolean' },
    },
  });
  const portText = values.port ?? env.PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    throw new ServeUsageError(`PORT must be a number from 1 to 65535, not "${portText}".`);
  const host = values.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && isIP(host) === 0)
    throw new ServeUsageError(`--host must be an IP address or localhost, not "${host}".`);
  const exposed = !LOOPBACK.has(host);
  if (exposed && values['unsafe-listen-on-network'] !== true) {
    throw new ServeUsageError(
      `Refusing to listen on ${host}: the dashboard runs the commands it is given, so anyone who can reach it and holds the token can run programs as you. ` +
        'Keep the default 127.0.0.1, or pass --unsafe-listen-on-network if you really mean it.',
    );
  }
  const tokenVar = productEnv(env, 'TOKEN');
  const fromEnv = tokenVar?.value;
  if (tokenVar !== undefined && tokenVar.value.length < MIN_TOKEN_LENGTH) {
    throw new ServeUsageError(
      `${tokenVar.variable} must be at least ${MIN_TOKEN_LENGTH} characters long (or unset, for a random one).`,
    );
  }
  return {
    port,
    host,
    token: fromEnv ?? newToken(),
    tokenFromEnv: fromEnv !== undefined,
    anyHost: exposed,
    dev: values.dev === true,
    open: values.open === true,
  };
}

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

function denyPage(message: string): string {
  return `<!doctype html><meta charset="utf-8"><title>mcp-hintcheck</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>mcp-hintcheck</h1><p>${message}</p></body>`;
}

/**
 * After refusing a request whose body is still arriving: discard a little of what comes, then stop
 * reading (the sender is held back by TCP, nothing accumulates here), and close the connection
 * after LINGER_MS. Closing at once would reset the connection and lose the answer on its way.
 */
function lingerThenClose(req: IncomingMessage): void {
  const declaresBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
  if (req.complete || !declaresBody) return;
  let discarded = 0;
  const timer = setTimeout(() => {
    req.socket.destroy();
  }, LINGER_MS);
  timer.unref();
  const done = (): void => {
    clearTimeout(timer);
  };
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.pause();
  });
  req.once('end', done);
  req.once('close', done);
}

const LINGER_MS = 2000;
const LINGER_BYTES = 1024 * 1024;

export function handleAccess(
  req: IncomingMessage,
  res: ServerResponse,
  config: AccessConfig,
  next: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  const method = req.method ?? 'GET';
  const pathname = new URL(`http://placeholder/${(req.url ?? '/').replace(/^[/\\]+/, '')}`).pathname;
  if (bodyRefusedByHeaders(bodyCapFor(method, pathname), req.headers)) {
    // Refused before a byte of the body is kept.
    res.writeHead(413, { ...SECURITY_HEADERS, 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'bad-input', message: BODY_TOO_LARGE } }));
    lingerThenClose(req);
    return;
  }
  const decision = decideAccess({ method, url: req.url ?? '/', headers: req.headers }, config);
  switch (decision.kind) {
    case 'allow':
      next(req, res);
      return;
    case 'redirect':
      res.writeHead(303, { ...SECURITY_HEADERS, Location: decision.location });
      res.end();
      return;
    case 'deny':
      // Messages are fixed strings of ours: nothing from the request is reflected.
      if (decision.page) {
        res.writeHead(decision.status, {
          ...SECURITY_HEADERS,
          'Content-Type': 'text/html; charset=utf-8',
        });
        res.end(denyPage(decision.message));
        lingerThenClose(req);
      } else {
        res.writeHead(decision.status, {
          ...SECURITY_HEADERS,
          'Content-Type': 'application/json',
        });
        res.end(JSON.stringify({ error: { code: decision.code, message: decision.message } }));
        lingerThenClose(req);
      }
  }
}

/**
 * The warm-up, through the server's own access rules, never awaited: GET /api/audit (what an audit
 * needs, app/api/audit/route.ts), then GET / (the page's server code loaded and rendered once, so a
 * visit after it does not pay for that).
 */
function warmUp(options: ServeOptions): void {
  const host =
    options.host === '::1' ? '[::1]' : options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const origin = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${options.port}`;
  const get = (path: string) =>
    fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${options.token}` } }).then(
      (response) => response.body?.cancel(),
      () => undefined,
    );
  void get('/api/audit').then(() => get('/'));
}

/** The one URL that opens the dashboard, with its session token. */
export function servedUrl(options: Pick<ServeOptions, 'host' | 'port' | 'token'>): string {
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return dashboardUrl(`http://${shownHost}:${options.port}`, options.token);
}

export async function serve(
  options: ServeOptions,
  dir: string,
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  const app = next({ dev: options.dev, dir, hostname: options.host, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const config: AccessConfig = { token: options.token, port: options.port, anyHost: options.anyHost };
  const server = createServer((req, res) => {
    handleAccess(req, res, config, (request, response) => {
      void handle(request, response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log(`mcp-hintcheck dashboard: ${servedUrl(options)}`);
  // Load what the first audit needs while the dashboard waits for its first request.
  if (!options.dev) warmUp(options);
  if (options.anyHost)
    log(
      'WARNING: listening beyond loopback (--unsafe-listen-on-network). Anyone with the token can run programs as you.',
    );
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
}
