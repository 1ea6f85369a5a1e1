// The real dashboard server (dist/serve.mjs) while an exercised server attacks the host-side snapshot
// (issue 33): the hostile fixture swaps a FIFO and a link to /dev/zero into the sandbox's working
// folder, and the dashboard must keep serving its pages meanwhile, finish the exercise, and leave no
// sandbox process behind. The dashboard listens on 127.0.0.1; the server runs in the sandbox's own
// network namespace, and the fixture's swap tool uses no network at all.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../lib/core/report/report';
import { descendantPids } from '../lib/server/process/process-tree';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { ROOT, freePort } from './helpers';

const HOSTILE = fileURLToPath(new URL('./fixtures/exercise/hostile-server.mjs', import.meta.url));
const TOKEN = 'exercise-dashboard-token-0123456789';
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;

let server: ChildProcess | undefined;
let port = 0;

function call(path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: payload === undefined ? 'GET' : 'POST',
        agent: false,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Connection: 'close' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text });
        });
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error(`${path}: no answer within 20 s`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

beforeAll(async () => {
  if (!SANDBOX) return;
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID')))
    throw new Error('The dashboard is not built: run npm run build first.');
  port = await freePort();
  server = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, HINTCHECK_TOKEN: TOKEN, NEXT_TELEMETRY_DISABLED: '1', HINTCHECK_DB: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server?.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mcp-hintcheck dashboard:')) resolve();
    });
    server?.once('exit', (code) => {
      reject(new Error(`the dashboard exited with ${String(code)}`));
    });
  });
});

afterAll(() => {
  server?.kill('SIGTERM');
});

describe.skipIf(!SANDBOX)('the dashboard while a server swaps a FIFO into its sandbox', () => {
  it('keeps serving its pages, finishes the exercise, and leaves no sandbox behind', async () => {
    const target = { transport: 'stdio', command: process.execPath, args: [HOSTILE, 'swap'] };
    const exercise = call('/api/exercise', { target, mode: 'all', confirmedTools: ['swap', 'after_swap'] });
    const pages: number[] = [];
    const state = { finished: false };
    void exercise.finally(() => {
      state.finished = true;
    });
    while (!state.finished) {
      pages.push((await call('/')).status);
      pages.push((await call('/api/health')).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await exercise;
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((status) => status === 200)).toBe(true);
    const last = JSON.parse(answer.text.trimEnd().split('\n').at(-1) ?? '{}') as { type: string; report?: Report };
    expect(last.type).toBe('report');
    const tools = last.report?.tools ?? [];
    expect(tools.find((tool) => tool.name === 'swap')?.behaviour?.status).toBe('contradicted');
    expect(tools.find((tool) => tool.name === 'after_swap')?.behaviour?.status).toBe('clean');
    // The dashboard's own children (unshare's node) only: every sandbox is gone.
    const pid = server?.pid ?? 0;
    for (let i = 0; i < 40 && descendantPids(pid).length > 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(descendantPids(pid).length).toBeLessThanOrEqual(1);
  }, 120_000);
});
