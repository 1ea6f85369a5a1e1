// Load against the real dashboard server (dist/serve.mjs + the Next.js build): 20 audits at once
// through the API (fast, slow, hanging and crashing servers), then 100 in a row. Everything must
// finish or time out cleanly, the dashboard must keep answering, no process may be left behind,
// and memory and open descriptors must come back. Figures go to .test-output/load-figures.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantPids } from '../lib/server/process/process-tree';
import { DEMO_SERVER, RAW_FIXTURE, ROOT, freePort } from './helpers';

const TOKEN = 'load-test-token-0123456789abcdef';
let server: ChildProcess;
let port = 0;
const figures: Record<string, unknown> = {};

function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}
const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** One request with its own connection (no keep-alive), so descriptors can be counted afterwards. */
function call(path: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
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
          resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const fixture = (scenario: string, timeoutMs?: number) => ({
  transport: 'stdio',
  command: process.execPath,
  args: [RAW_FIXTURE, scenario],
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});

function lastEvent(text: string): { type: string; report?: { errors: { code: string }[]; tools: unknown[] } } {
  return JSON.parse(text.trimEnd().split('\n').at(-1) ?? '{}') as ReturnType<typeof lastEvent>;
}

async function settle(pid: number): Promise<number[]> {
  for (let i = 0; i < 60; i++) {
    if (descendantPids(pid).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return descendantPids(pid);
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID')))
    throw new Error('The dashboard is not built: run npm run build first.');
  port = await freePort();
  server = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, HINTCHECK_TOKEN: TOKEN, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mcp-hintcheck dashboard:')) resolve();
    });
    server.once('exit', (code) => {
      reject(new Error(`the dashboard exited with ${String(code)}`));
    });
  });
  const warm = await call('/api/audit', { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] });
  expect(lastEvent(warm.text).type).toBe('report');
});

afterAll(() => {
  server.kill('SIGTERM');
  mkdirSync(join(ROOT, '.test-output'), { recursive: true });
  writeFileSync(join(ROOT, '.test-output', 'load-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('load figures', figures);
});

describe('the dashboard under load', () => {
  /** One burst of 20 audits at once, checked; returns its figures. */
  async function burst(pid: number): Promise<Record<string, unknown>> {
    const mix = [
      ...Array.from({ length: 5 }, () => fixture('basic')),
      ...Array.from({ length: 5 }, () => ({ transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] })),
      ...Array.from({ length: 4 }, () => fixture('hang-list', 3000)),
      ...Array.from({ length: 3 }, () => fixture('exit-early')),
      ...Array.from({ length: 3 }, () => fixture('crash-mid-list')),
    ];
    const health: number[] = [];
    const state = { done: false };
    const probe = (async () => {
      while (!state.done) {
        const answer = await call('/api/health');
        expect(answer.status).toBe(200);
        health.push(answer.ms);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    const results = await Promise.all(mix.map((target) => call('/api/audit', target)));
    const wallMs = performance.now() - started;
    state.done = true;
    await probe;

    const endings = results.map((result) => {
      expect(result.status).toBe(200);
      const last = lastEvent(result.text);
      expect(last.type).toBe('report');
      return last.report?.errors[0]?.code ?? 'ok';
    });
    expect(endings.filter((code) => code === 'ok')).toHaveLength(10);
    expect(endings.filter((code) => code === 'timeout')).toHaveLength(4);
    expect(endings.filter((code) => code === 'server-exited')).toHaveLength(6);
    expect(health.length).toBeGreaterThan(3);
    expect(await settle(pid)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return {
      audits: results.length,
      endings: Object.fromEntries(
        [...new Set(endings)].map((code) => [code, endings.filter((c) => c === code).length]),
      ),
      wallMs: Math.round(wallMs),
      healthChecks: health.length,
      healthMedianMs: Number([...health].sort((a, b) => a - b)[Math.floor(health.length / 2)]?.toFixed(1)),
      healthMaxMs: Number(Math.max(...health).toFixed(1)),
      processesLeft: 0,
      rssAfterMiB: Number((rssKiB(pid) / 1024).toFixed(1)),
    };
  }

  it('20 audits at once, twice: all finish or time out cleanly, health answers, nothing is left, memory comes back', async () => {
    const pid = server.pid ?? 0;
    const rssWarm = rssKiB(pid);
    const first = await burst(pid);
    // The first burst grows the heap to its working size; a second one must not grow it further.
    const rssAfterFirst = rssKiB(pid);
    const second = await burst(pid);
    const rssAfterSecond = rssKiB(pid);
    Object.assign(figures, {
      concurrent: { rssWarmMiB: Number((rssWarm / 1024).toFixed(1)), first, second },
    });
    expect(rssAfterFirst - rssWarm).toBeLessThan(150 * 1024);
    expect(rssAfterSecond - rssAfterFirst).toBeLessThan(32 * 1024);
  });

  it('100 audits in a row: no growth in processes or open descriptors', async () => {
    const pid = server.pid ?? 0;
    const fdsBefore = openFds(pid);
    const rssBefore = rssKiB(pid);
    for (let i = 0; i < 100; i++) {
      const result = await call('/api/audit', fixture(i % 4 === 3 ? 'exit-early' : 'basic'));
      expect(lastEvent(result.text).type).toBe('report');
    }
    expect(await settle(pid)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const fdsAfter = openFds(pid);
    const rssAfter = rssKiB(pid);
    Object.assign(figures, {
      sequential: {
        audits: 100,
        processesLeft: 0,
        fdsBefore,
        fdsAfter,
        rssBeforeMiB: Number((rssBefore / 1024).toFixed(1)),
        rssAfterMiB: Number((rssAfter / 1024).toFixed(1)),
      },
    });
    expect(fdsAfter).toBeLessThanOrEqual(fdsBefore);
  });
});
