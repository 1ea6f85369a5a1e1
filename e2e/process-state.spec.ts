// One state holder per dashboard process (lib/server/process/process-state.ts), checked in the built app,
// where each route is its own bundle: the concurrency cap filled through one route (OAuth checks
// held open by a local server that never answers) refuses work on other routes (an audit, a batch
// of "Your servers"), and frees them again once those checks end.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './browser';
import { E2E_SCAN_HOME, E2E_SCAN_PROJECT } from './scan-home';

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const CAP = 24; // MAX_CONCURRENT_WORK in lib/server/audit/concurrency.ts
const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${E2E_TOKEN}` };
const demoTarget = {
  transport: 'stdio',
  command: process.execPath,
  args: [join(process.cwd(), 'dist/demo-server.mjs')],
};

function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${BASE}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body), signal });
}

let silent: Server;
const sockets = new Set<Socket>();

test.beforeAll(async () => {
  rmSync(dirname(E2E_SCAN_HOME), { recursive: true, force: true });
  mkdirSync(E2E_SCAN_HOME, { recursive: true });
  mkdirSync(E2E_SCAN_PROJECT, { recursive: true });
  writeFileSync(
    join(E2E_SCAN_PROJECT, '.mcp.json'),
    JSON.stringify({ mcpServers: { demo: { command: demoTarget.command, args: demoTarget.args } } }),
  );
  // Accepts every connection and never answers: each OAuth check holds its slot until it ends.
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) =>
    silent.close(() => {
      resolve();
    }),
  );
  rmSync(dirname(E2E_SCAN_HOME), { recursive: true, force: true });
});

test('the cap filled through /api/oauth-check refuses /api/audit and /api/servers/audit, then frees them', async () => {
  test.setTimeout(90_000);
  const address = silent.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const listing = (await (await fetch(`${BASE}/api/servers`, { headers: auth })).json()) as {
    servers: { id: string; name: string }[];
  };
  const demo = listing.servers.find((server) => server.name === 'demo');
  expect(demo, 'the project file lists the demo server').toBeDefined();

  const holders = new AbortController();
  const checks = Array.from({ length: CAP }, () =>
    post('/api/oauth-check', { url: `http://127.0.0.1:${address.port}/mcp`, timeoutMs: 30_000 }, holders.signal).catch(
      (error: unknown) => error,
    ),
  );
  // Every check holds its slot once it is inside the silent server: its first step opens two
  // connections at once (a POST and a GET to the URL, lib/server/mcp/oauth-discovery.ts).
  await expect.poll(() => sockets.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(2 * CAP);

  const audit = await post('/api/audit', demoTarget);
  expect(audit.status).toBe(429);
  expect(((await audit.json()) as { error: { code: string } }).error.code).toBe('busy');
  const batch = await post('/api/servers/audit', { ids: [demo?.id] });
  expect(batch.status).toBe(429);
  expect(((await batch.json()) as { error: { message: string } }).error.message).toContain(
    `${CAP} audits and authorization checks are already running`,
  );

  // The client goes away: every check ends and gives its slot back, seen by the other route.
  holders.abort();
  await Promise.all(checks);
  await expect
    .poll(
      async () => {
        const again = await post('/api/audit', demoTarget);
        await again.body?.cancel();
        return again.status;
      },
      { timeout: 40_000 },
    )
    .toBe(200);
});
