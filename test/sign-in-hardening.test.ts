// The dashboard's sign-in start under the shared cap, its redirect on the host the page was opened
// with, and the callback page's own headers (issue 20). The built dashboard's answers are checked in
// test/dashboard-state.test.ts.
import { createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CONCURRENT_WORK, runningWork } from '../lib/server/audit/concurrency';
import { callbackOrigin, handleSignInCallback, handleSignInStart } from '../lib/server/http/sign-in-api';
import { dashboardSignIns } from '../lib/server/sign-in/dashboard-sign-ins';
import * as signin from './fixtures/signin-server.mjs';

const open: signin.SignInFixture[] = [];
afterAll(async () => {
  await Promise.all(open.map((fixture) => fixture.close()));
});

const start = (url: string, init: { host?: string; base?: string; signal?: AbortSignal } = {}) =>
  handleSignInStart(
    new Request(`${init.base ?? 'http://localhost:3308'}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(init.host === undefined ? {} : { host: init.host }) },
      body: JSON.stringify({ url }),
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    }),
  );

describe('the sign-in redirect comes back to the host the page was opened with', () => {
  it.each([
    ['127.0.0.1:3308', 'http://127.0.0.1:3308'],
    ['localhost:3308', 'http://localhost:3308'],
    ['[::1]:3308', 'http://[::1]:3308'],
    // Not a loopback name, another port, or not a host at all: the origin Next.js gave the request.
    ['evil.test:3308', 'http://localhost:3308'],
    ['127.0.0.1:4444', 'http://localhost:3308'],
    ['127.0.0.1:3308/x', 'http://localhost:3308'],
  ])('Host %s -> %s', (host, origin) => {
    const request = new Request('http://localhost:3308/api/sign-in', { method: 'POST', headers: { host } });
    expect(callbackOrigin(request)).toBe(origin);
  });

  it('a sign-in started from 127.0.0.1 sends redirect_uri on 127.0.0.1 (the server knew it as localhost)', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const answer = await start(fixture.mcpUrl, { host: '127.0.0.1:3308' });
    expect(answer.status).toBe(200);
    const { authorizationUrl, handle } = (await answer.json()) as { authorizationUrl: string; handle: string };
    expect(new URL(authorizationUrl).searchParams.get('redirect_uri')).toBe(
      'http://127.0.0.1:3308/api/sign-in/callback',
    );
    // The redirect completes on that host.
    const back = await signin.consentWithHttp(authorizationUrl);
    expect(new URL(back).host).toBe('127.0.0.1:3308');
    const page = await handleSignInCallback(new Request(back));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    dashboardSignIns().forget(handle);
  });
});

describe('POST /api/sign-in is under the shared cap', () => {
  it(`200 starts against a silent loopback server hold at most the cap's sockets (${MAX_CONCURRENT_WORK} starts)`, async () => {
    const sockets = new Set<Socket>();
    let accepted = 0;
    let most = 0;
    const silent = createServer((socket) => {
      accepted += 1;
      sockets.add(socket);
      most = Math.max(most, sockets.size);
      socket.on('error', () => undefined);
      socket.resume();
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) =>
      silent.listen(0, '127.0.0.1', () => {
        resolve();
      }),
    );
    const address = silent.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`;
    const clients = Array.from({ length: 200 }, () => new AbortController());
    try {
      const answers = clients.map((client) => start(url, { host: '127.0.0.1:3308', signal: client.signal }));
      const early = await Promise.all(answers.map((answer) => Promise.race([answer, sleep(2000).then(() => null)])));
      const refused = early.filter((answer) => answer?.status === 429);
      expect(refused).toHaveLength(200 - MAX_CONCURRENT_WORK);
      expect(runningWork()).toBe(MAX_CONCURRENT_WORK);
      for (let i = 0; i < 100 && sockets.size < 2 * MAX_CONCURRENT_WORK; i++) await sleep(20);
      // The OAuth check of each running start holds two probes (POST and GET), never more.
      expect(sockets.size).toBe(2 * MAX_CONCURRENT_WORK);
      for (const client of clients) client.abort();
      for (let i = 0; i < 250 && (sockets.size > 0 || runningWork() > 0); i++) await sleep(20);
      expect(runningWork()).toBe(0);
      await Promise.allSettled(answers);
      expect(most).toBe(2 * MAX_CONCURRENT_WORK);
      expect(accepted).toBe(2 * MAX_CONCURRENT_WORK);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
