/**
 * The CLI's redirect target (RFC 8252 §7.3): a listener on 127.0.0.1 and a random port, for the one
 * redirect back from the authorization server. It completes only the flow it was started for: a
 * request whose state is not that flow's gets 400 and changes nothing (a forged or replayed
 * redirect), the first matching one ends the wait, and the wait is bounded. Its pages carry no
 * script and repeat nothing from the request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCallbackParams, type CallbackParams } from '../../core/oauth/sign-in';
import { AuditError } from '../errors';

export const CALLBACK_PATH = '/callback';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'",
  'Referrer-Policy': 'no-referrer',
};

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}

export interface LoopbackCallback {
  redirectUri: string;
  /** Resolves with the first redirect whose state is `state`; rejects at the deadline or on abort. */
  wait: (state: string, timeoutMs: number, signal?: AbortSignal) => Promise<CallbackParams>;
  close: () => Promise<void>;
}

export async function listenForCallback(): Promise<LoopbackCallback> {
  let expected: string | null = null;
  let deliver: ((params: CallbackParams) => void) | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = readCallbackParams(url.searchParams);
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH || expected === null || params.state !== expected) {
      res.writeHead(400, PAGE_HEADERS);
      res.end(page('Not a sign-in in progress', 'This address only completes the sign-in mcp-hintcheck started.'));
      return;
    }
    expected = null; // single use
    res.writeHead(200, PAGE_HEADERS);
    res.end(page('Signed in', 'You can close this tab and go back to the terminal.'));
    deliver?.(params);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    wait: (state, timeoutMs, signal) =>
      new Promise<CallbackParams>((resolve, reject) => {
        expected = state;
        const timer = setTimeout(() => {
          finish();
          reject(
            new AuditError('timeout', `No sign-in came back within ${Math.round(timeoutMs / 1000)} s.`, {
              hint: 'Open the URL printed above and finish the sign-in, or raise --timeout.',
            }),
          );
        }, timeoutMs);
        const onAbort = (): void => {
          finish();
          reject(new AuditError('cancelled', 'The sign-in was cancelled.'));
        };
        const finish = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          expected = null;
          deliver = null;
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        deliver = (params) => {
          finish();
          resolve(params);
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
