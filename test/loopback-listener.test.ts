// The exercise's loopback listener (servers/loopback-listener/listener.mjs, issue 34): it answers on
// 127.0.0.1 and records what was sent. Talks only to 127.0.0.1.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launcherWords } from '../lib/server/exercise/listener';

const LISTENER = fileURLToPath(new URL('../servers/loopback-listener/listener.mjs', import.meta.url));

/** The listener on a random port, its log file, ready; stopped by `child.kill`. */
async function startListener(): Promise<{ child: ChildProcess; port: number; log: string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'hintcheck-listener-')), 'sent.ndjson');
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [LISTENER, String(port), log], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) =>
    child.stdout.once('data', () => {
      resolve();
    }),
  );
  return { child, port, log };
}

/** What a raw socket gets back for `text` until the listener closes it. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let got = '';
    socket.on('data', (chunk: Buffer) => (got += chunk.toString('latin1')));
    socket.on('close', () => {
      resolve(got);
    });
    socket.on('error', reject);
    socket.setTimeout(5_000, () => {
      reject(new Error(`no close after ${JSON.stringify(got)}`));
    });
  });
}

// Issue 47: a kept-alive socket sends later requests with no connect the trace could see.
describe('the loopback listener closes every connection', () => {
  it('a keep-alive client connects anew for each of its three requests, each one recorded', async () => {
    const { child, port, log } = await startListener();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ports: number[] = [];
      for (const n of [1, 2, 3]) {
        const answer = await new Promise<{ port: number; connection: string | undefined }>((resolve, reject) => {
          const sent = request({ host: '127.0.0.1', port, path: `/r${n}`, agent }, (response) => {
            response.resume();
            response.on('end', () => {
              resolve({ port: sent.socket?.localPort ?? 0, connection: response.headers.connection });
            });
          });
          sent.on('error', reject);
          sent.end();
        });
        expect(answer.connection).toBe('close');
        ports.push(answer.port);
      }
      expect(new Set(ports).size).toBe(3);
      const urls = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { url: string }).url);
      expect(urls).toEqual(['/r1', '/r2', '/r3']);
    } finally {
      agent.destroy();
      child.kill('SIGTERM');
    }
  });

  it('closes a raw keep-alive socket after its first answer', async () => {
    const { child, port } = await startListener();
    try {
      const got = await rawExchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      expect(got).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(got.toLowerCase()).toContain('connection: close');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it.each([
    ['an HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', /^HTTP\/1\.1 400 /],
    [
      'an h2c upgrade',
      'GET /u HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n',
      /^HTTP\/1\.1 (200|400) /,
    ],
  ])('refuses HTTP/2: %s gets an HTTP/1.1 answer and a closed socket', async (_name, text, status) => {
    const { child, port } = await startListener();
    try {
      const got = await rawExchange(port, text);
      expect(got).toMatch(status);
      expect(got).not.toMatch(/^HTTP\/1\.1 101/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

/** The PIDs of the processes whose command line holds `word` (the listener the launcher left running). */
function pidsWith(word: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(word);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("the sandbox's launcher", () => {
  it('starts the server only once the listener listens', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'hintcheck-launcher-')), 'sent.ndjson');
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const probe = `require('node:net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('up'); process.exit(0); }).on('error', () => { console.log('refused'); process.exit(0); })`;
    const words = launcherWords({ node: process.execPath, script: LISTENER, port, logPath: log }, process.execPath, [
      '-e',
      probe,
    ]);
    try {
      const out = await new Promise<string>((resolve, reject) => {
        const child = execFile(words[0] ?? '/bin/sh', words.slice(1), { timeout: 20_000 }, (error, stdout) => {
          if (error === null) resolve(stdout);
          else reject(new Error(error.message));
        });
        child.stdin?.end();
      });
      expect(out.trim()).toBe('up');
    } finally {
      for (const pid of pidsWith(String(port))) process.kill(pid, 'SIGTERM');
    }
  });
});

describe('the loopback listener', () => {
  it.each([
    ['GET', undefined, 0],
    ['POST', '{"event":"tool_call"}', 21],
  ])('answers a %s with 200 and records it', async (method, body, bytes) => {
    const log = join(mkdtempSync(join(tmpdir(), 'hintcheck-listener-')), 'sent.ndjson');
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [LISTENER, String(port), log], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) =>
        child.stdout.once('data', () => {
          resolve();
        }),
      );
      const response = await fetch(`http://127.0.0.1:${port}/hintcheck?q=1`, { method, body });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('hintcheck loopback listener');
      const [line] = readFileSync(log, 'utf8').trim().split('\n');
      expect(JSON.parse(line ?? '{}')).toMatchObject({ method, url: '/hintcheck?q=1', bytes, body: body ?? '' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
