// The built dashboard (dist/serve.mjs + the Next.js build), over real HTTP: the warm-up (GET
// /api/audit) starts nothing, one concurrency cap for
// every route (route bundles may load their own copy of a module: the cap lives on globalThis), a
// double-forking server gone after an audit, after Cancel and after a closed request (within 2 s),
// the sign-in redirect on the host the page was opened with, and the callback page's own CSP.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventSchema, type AuditEvent } from '../lib/core/api/audit-request';
import { MAX_CONCURRENT_WORK } from '../lib/server/audit/concurrency';
import { RAW_FIXTURE, ROOT, freePort, readPids, waitGone } from './helpers';
import * as signin from './fixtures/signin-server.mjs';

const TOKEN = 'state-test-token-0123456789abcdef';
let server: ChildProcess;
let port = 0;
const pidFiles: string[] = [];
const closers: (() => Promise<unknown>)[] = [];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request on its own connection; `host` replaces the Host header. */
function call(method: string, path: string, body?: unknown, host?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'application/json',
          ...(host === undefined ? {} : { Host: host }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** An audit streamed over HTTP: its events as they come, and the request to close. */
interface LiveAudit {
  events: AuditEvent[];
  req: ClientRequest;
  ended: Promise<void>;
  until: (test: (events: AuditEvent[]) => boolean) => Promise<void>;
}

function streamAudit(target: Record<string, unknown>): LiveAudit {
  const events: AuditEvent[] = [];
  const waiters: (() => void)[] = [];
  let rest = '';
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const req = request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/audit',
      method: 'POST',
      agent: false,
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    },
    (res) => {
      res.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line !== '') events.push(auditEventSchema.parse(JSON.parse(line)));
        for (const wake of waiters.splice(0)) wake();
      });
      res.on('end', done);
      res.on('close', done);
    },
  );
  req.on('error', done);
  req.end(JSON.stringify(target));
  const until = async (test: (events: AuditEvent[]) => boolean): Promise<void> => {
    for (let i = 0; i < 400 && !test(events); i++)
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), ended, sleep(50)]);
    if (!test(events)) throw new Error(`The stream never got there: ${JSON.stringify(events.map(stepOf))}`);
  };
  return { events, req, ended, until };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stepOf = (event: AuditEvent): string => (event.type === 'progress' ? event.step : event.type);
const runIdOf = (events: AuditEvent[]): string => {
  const first = events[0];
  return first?.type === 'progress' && first.step === 'accepted' ? first.runId : '';
};
const accepted = (events: AuditEvent[]) => runIdOf(events) !== '';

function doubleFork(scenario: 'double-fork' | 'double-fork-hang'): {
  target: Record<string, unknown>;
  pidFile: string;
} {
  const pidFile = join(mkdtempSync(join(tmpdir(), 'hintcheck-state-')), 'pids');
  pidFiles.push(pidFile);
  return {
    pidFile,
    target: {
      transport: 'stdio',
      command: process.execPath,
      args: [RAW_FIXTURE, scenario],
      env: { FIXTURE_PID_FILE: pidFile },
      // On the host: these check the host processes' end, through a PID file a sandboxed server cannot write.
      sandbox: false,
    },
  };
}

async function forkedPids(pidFile: string): Promise<number[]> {
  for (let i = 0; i < 200; i++) {
    if (existsSync(pidFile) && readPids(pidFile).length >= 2) return readPids(pidFile);
    await sleep(25);
  }
  throw new Error('The fixture never wrote its two PIDs.');
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID')))
    throw new Error('The dashboard is not built: run node scripts/next.mjs build first.');
  port = await freePort();
  server = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, HINTCHECK_TOKEN: TOKEN, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('The dashboard did not start in 60 s.'));
    }, 60_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mcp-hintcheck dashboard:')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  // A failing test must not leave its fixture running.
  const pids = pidFiles.filter((file) => existsSync(file)).flatMap(readPids);
  for (const pid of await waitGone(pids, 0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

describe.skipIf(process.platform !== 'linux')('the built dashboard', () => {
  it('GET /api/audit is the warm-up: 204 with no body, behind the token, and it starts and saves no audit', async () => {
    const before = await call('GET', '/api/history');
    const warm = await call('GET', '/api/audit');
    expect(warm.status).toBe(204);
    expect(warm.text).toBe('');
    expect(warm.headers['cache-control']).toBe('no-store');
    expect((await call('GET', '/api/history')).text).toBe(before.text);
    const withoutToken = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/audit', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(withoutToken).toBe(401);
  });

  it('a double-forking server is gone after an audit', async () => {
    const { target, pidFile } = doubleFork('double-fork');
    const audit = streamAudit(target);
    await audit.ended;
    expect(audit.events.map(stepOf).slice(-2)).toEqual(['stopped', 'report']);
    expect(await waitGone(await forkedPids(pidFile), 500)).toEqual([]);
  });

  it('Cancel (POST /api/audit/cancel) ends it within 2 s, and the stream confirms it before it ends', async () => {
    const { target, pidFile } = doubleFork('double-fork-hang');
    const audit = streamAudit(target);
    await audit.until(accepted);
    const pids = await forkedPids(pidFile);
    await sleep(300);
    const cancel = await call('POST', '/api/audit/cancel', { runId: runIdOf(audit.events) });
    expect(cancel.status).toBe(202);
    expect(await waitGone(pids, 2000)).toEqual([]);
    await audit.ended;
    expect(audit.events.at(-2)).toMatchObject({ step: 'stopped', pid: pids[0], confirmed: true });
    const last = audit.events.at(-1);
    expect(last?.type === 'report' && last.report.errors[0]?.code).toBe('cancelled');
  });

  it('a closed request (a closed tab) ends it within 2 s', async () => {
    const { target, pidFile } = doubleFork('double-fork-hang');
    const audit = streamAudit(target);
    await audit.until(accepted);
    const pids = await forkedPids(pidFile);
    await sleep(300);
    audit.req.destroy();
    expect(await waitGone(pids, 2000)).toEqual([]);
  });

  it('/api/audit, /api/sign-in and /api/oauth-check count against one cap', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.resume();
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const address = silent.address();
    const silentUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`;
    const audits = Array.from({ length: MAX_CONCURRENT_WORK }, () =>
      streamAudit({
        transport: 'stdio',
        command: process.execPath,
        args: [RAW_FIXTURE, 'hang-list'],
        timeoutMs: 60_000,
      }),
    );
    try {
      await Promise.all(audits.map((audit) => audit.until(accepted)));
      const signIn = await call('POST', '/api/sign-in', { url: silentUrl });
      expect(signIn.status).toBe(429);
      expect(signIn.text).toContain(`${MAX_CONCURRENT_WORK} audits and authorization checks are already running`);
      expect((await call('POST', '/api/oauth-check', { url: silentUrl })).status).toBe(429);
      expect(sockets.size).toBe(0);
    } finally {
      for (const audit of audits) audit.req.destroy();
    }
    await Promise.all(audits.map((audit) => audit.ended));
    // The slots come back: a sign-in runs again.
    const fixture = await signin.startSignInFixture();
    closers.push(() => fixture.close());
    let started: Answer | undefined;
    for (let i = 0; i < 50; i++) {
      started = await call('POST', '/api/sign-in', { url: fixture.mcpUrl });
      if (started.status !== 429) break;
      await sleep(100);
    }
    expect(started?.status).toBe(200);
  });

  it('the sign-in redirect_uri is on the host the page was opened with', async () => {
    const fixture = await signin.startSignInFixture();
    closers.push(() => fixture.close());
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const started = await call('POST', '/api/sign-in', { url: fixture.mcpUrl }, host);
      expect(started.status).toBe(200);
      const { authorizationUrl } = JSON.parse(started.text) as { authorizationUrl: string };
      expect(new URL(authorizationUrl).searchParams.get('redirect_uri')).toBe(`http://${host}/api/sign-in/callback`);
    }
  });

  it("the callback page carries its own CSP (default-src 'none'), every other page the framework's", async () => {
    const callback = await call('GET', '/api/sign-in/callback?state=forged&code=x');
    expect(callback.status).toBe(400);
    expect(callback.headers['content-security-policy']).toBe("default-src 'none'");
    expect(callback.headers['x-frame-options']).toBe('DENY');
    expect(callback.text).not.toContain('<script');
    const home = await call('GET', '/');
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
