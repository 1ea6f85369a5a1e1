import { createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthReportSchema } from '../lib/core/oauth/schemas';
import { MAX_CONCURRENT_WORK, runningWork } from '../lib/server/audit/concurrency';
import { handleOAuthCheckRequest } from '../lib/server/http/oauth-api';
import { startOAuthFixture, type OAuthFixture } from './fixtures/oauth-server.mjs';

let fixture: OAuthFixture;

beforeAll(async () => {
  fixture = await startOAuthFixture('single-admin-scope');
});
afterAll(async () => {
  await fixture.close();
});

const post = (body: string, type = 'application/json') =>
  new Request('http://127.0.0.1:3100/api/oauth-check', { method: 'POST', headers: { 'content-type': type }, body });

describe('POST /api/oauth-check', () => {
  it.each([
    [post('{}', 'text/plain'), 415, 'as JSON'],
    [post('nope'), 400, 'not valid JSON'],
    [post(JSON.stringify({ url: 'javascript:alert(1)' })), 400, 'url'],
    [post(JSON.stringify({ url: 'https://x.test/mcp', extra: true })), 400, 'extra'],
  ])('refuses bad input (%#)', async (request, status, message) => {
    const response = await handleOAuthCheckRequest(request);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
  });

  it('answers the OAuth report of a fixture server', async () => {
    const response = await handleOAuthCheckRequest(post(JSON.stringify({ url: fixture.url })));
    expect(response.status).toBe(200);
    const { report } = (await response.json()) as { report: unknown };
    const parsed = oauthReportSchema.parse(report);
    expect(parsed.findings.map((f) => f.id)).toEqual(expect.arrayContaining(['scope-admin', 'scope-single']));
    expect(parsed.lessons.scopes).toContain('mcp:admin');
  });
});

describe('POST /api/oauth-check under load (issue 14)', () => {
  it('counts the body while it streams and refuses it past the cap, chunked too', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        if (pulled > 10_000) controller.close();
      },
    });
    const request = new Request('http://127.0.0.1:3100/api/oauth-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handleOAuthCheckRequest(request);
    expect(response.status).toBe(413);
    // 16 KiB cap, 64 KiB chunks: reading stopped at the first chunk past the cap, not at the end (10,000 chunks).
    expect(pulled).toBeLessThan(5);
  });

  it('caps 400 concurrent checks of a silent target at the shared limit and closes every socket when clients leave', async () => {
    const open = new Set<Socket>();
    let accepted = 0;
    const silent = createServer((socket) => {
      accepted += 1;
      open.add(socket);
      socket.on('error', () => undefined);
      socket.resume(); // read and discard, so a client's close is seen
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((resolve) =>
      silent.listen(0, '127.0.0.1', () => {
        resolve();
      }),
    );
    const address = silent.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`;
    const clients = Array.from({ length: 400 }, () => new AbortController());
    try {
      const answers = clients.map((client) =>
        handleOAuthCheckRequest(
          new Request('http://127.0.0.1:3100/api/oauth-check', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url, timeoutMs: 30_000 }),
            signal: client.signal,
          }),
        ),
      );
      // Until the slots are taken the refusals come back at once; the running checks hold their sockets.
      const early = await Promise.all(
        answers.map((answer) =>
          Promise.race([
            answer,
            new Promise<null>((resolve) =>
              setTimeout(() => {
                resolve(null);
              }, 2000),
            ),
          ]),
        ),
      );
      const refused = early.filter((answer) => answer?.status === 429);
      expect(refused).toHaveLength(400 - MAX_CONCURRENT_WORK);
      expect(((await refused[0]?.json()) as { error: { message: string } }).error.message).toContain(
        `${MAX_CONCURRENT_WORK} audits and authorization checks are already running`,
      );
      expect(runningWork()).toBe(MAX_CONCURRENT_WORK);
      for (let i = 0; i < 100 && open.size < 2 * MAX_CONCURRENT_WORK; i++) await sleep(20);
      // Two probes per check (POST initialize and GET), never more.
      expect(open.size).toBe(2 * MAX_CONCURRENT_WORK);

      for (const client of clients) client.abort();
      // Far sooner than the checks' own 30 s limit: the sockets close because the clients left.
      for (let i = 0; i < 250 && (open.size > 0 || runningWork() > 0); i++) await sleep(20);
      expect(open.size).toBe(0);
      expect(runningWork()).toBe(0);
      await Promise.allSettled(answers);
      expect(accepted).toBe(2 * MAX_CONCURRENT_WORK);
    } finally {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
