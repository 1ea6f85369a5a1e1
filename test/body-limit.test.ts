// Request bodies against the real dashboard server (dist/serve.mjs + the Next.js build): a 300 MiB
// chunked body to every route that takes a body, and to routes that take none, is refused with 413
// while the server's memory stays flat (sampled from /proc while the body streams). Figures go to
// .test-output/body-limit-figures.json and docs/security.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort } from './helpers';

const TOKEN = 'body-limit-token-0123456789abcdef';
const MIB = 1024 * 1024;
const BODY_BYTES = 300 * MIB;
/** Flat: the server may grow by less than this while 300 MiB are offered to it. */
const FLAT_KIB = 64 * 1024;
/** Every route that takes a body, and routes that take none. */
const ROUTES: [string, string][] = [
  ['POST', '/api/audit'],
  ['POST', '/api/oauth-check'],
  ['POST', '/'],
  ['PUT', '/api/audit'],
  ['GET', '/api/health'],
];
let server: ChildProcess;
let port = 0;
const figures: Record<string, unknown> = {};

function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/**
 * Sends up to `total` bytes chunked (no Content-Length) over a raw socket, reads whatever the server
 * answers meanwhile, goes on sending after the answer (as a hostile client would) until all is sent
 * or the server hangs up, and samples the server's resident memory throughout. A raw socket, because an HTTP client drops an answer that arrives while it is
 * still writing when the server then closes the connection.
 */
function sendChunked(
  method: string,
  path: string,
  total: number,
): Promise<{ status: number; sentMiB: number; peakGrowthKiB: number }> {
  const pid = server.pid ?? 0;
  const before = rssKiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(pid));
  }, 25);
  const piece = Buffer.alloc(256 * 1024, 0x20);
  const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  return new Promise((resolve) => {
    let sent = 0;
    let answer = '';
    let done = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (): void => {
      if (done) return;
      done = true;
      clearInterval(sampler);
      peak = Math.max(peak, rssKiB(pid));
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, sentMiB: Math.round(sent / MIB), peakGrowthKiB: peak - before });
    };
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (sent >= total && answer.includes('\r\n\r\n')) finish();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
    const pump = (): void => {
      // A hostile client: it goes on sending after the answer, until all is sent or the server hangs up.
      while (sent < total && !socket.destroyed) {
        sent += piece.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (sent >= total && !socket.destroyed) {
        socket.write('0\r\n\r\n');
        if (answer.includes('\r\n\r\n')) finish();
      }
    };
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    pump();
  });
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
  // Load both API routes once, so what is measured is the body, not Next.js compiling a route.
  for (const path of ['/api/audit', '/api/oauth-check']) {
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent: false,
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
  }
  // And each refusal path once: the first 413 of a route loads code too (one CI run saw 68 MiB of
  // growth with 5 MiB sent, which no body buffering can explain), so the measured run is the body alone.
  for (const [method, path] of ROUTES) await sendChunked(method, path, 16 * MIB);
});

afterAll(() => {
  server.kill('SIGTERM');
  mkdirSync(join(ROOT, '.test-output'), { recursive: true });
  writeFileSync(join(ROOT, '.test-output', 'body-limit-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('body limit figures', figures);
});

describe('request bodies are counted while they stream (issue 14)', () => {
  it.each(ROUTES)('%s %s: a 300 MiB chunked body is refused with 413 and memory stays flat', async (method, path) => {
    const result = await sendChunked(method, path, BODY_BYTES);
    figures[`${method} ${path}`] = result;
    expect(result.status).toBe(413);
    expect(result.peakGrowthKiB).toBeLessThan(FLAT_KIB);
  });

  it('a declared Content-Length above the cap is refused before the body is read', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/audit',
          method: 'POST',
          agent: false,
          headers: {
            Authorization: `Bearer ${TOKEN}`,
            'Content-Type': 'application/json',
            'Content-Length': String(BODY_BYTES),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
  });

  it('the dashboard still answers after every refusal', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
  });
});
