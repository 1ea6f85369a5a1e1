// The hostile-server suite: an audited server is an adversary. Each case is a fixture the project
// owns; each must end in a clear error or finding, with nothing left running and no secret shown.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../lib/server/audit/audit';
import { descendantPids } from '../lib/server/process/process-tree';
import { CLI, RAW_FIXTURE, ROOT, rawFixture, readPids, waitGone } from './helpers';

const tempFile = (name: string) => join(mkdtempSync(join(tmpdir(), 'hintcheck-sec-')), name);

describe('no process survives an audit, in every ending', () => {
  it.each([
    ['success', 'grandchildren', {}],
    ['timeout', 'grandchildren-hang', { timeoutMs: 1500 }],
    ['crash', 'grandchildren-crash', {}],
    ['timeout, with a child that left the process group (setsid)', 'setsid-hang', { timeoutMs: 1500 }],
    ['crash, with a child that left the process group (setsid)', 'setsid-crash', {}],
  ])('%s', async (_ending, scenario, options) => {
    const pidFile = tempFile('pids');
    const report = await runAudit(rawFixture(scenario, [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), options);
    expect(report.errors.length + report.tools.length).toBeGreaterThan(0);
    const pids = readPids(pidFile);
    expect(pids).toHaveLength(3);
    expect(await waitGone(pids)).toEqual([]);
  });

  it('cancel', async () => {
    const pidFile = tempFile('pids');
    const cancel = new AbortController();
    const report = await runAudit(rawFixture('setsid-hang', [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), {
      signal: cancel.signal,
      onProgress: (event) => {
        if (event.step === 'initialized')
          setTimeout(() => {
            cancel.abort();
          }, 100);
      },
    });
    expect(report.errors[0]?.code).toBe('cancelled');
    expect(await waitGone(readPids(pidFile))).toEqual([]);
  });

  it('a server that ignores SIGTERM and the end of its input is killed', async () => {
    const report = await runAudit(rawFixture('stubborn'), { timeoutMs: 1500 });
    expect(report.errors[0]?.code).toBe('timeout');
    expect(await waitGone([report.process?.pid ?? -1])).toEqual([]);
  });

  it('100 audits in a row leave no process and no open handle behind', async () => {
    const handles = () => process.getActiveResourcesInfo().filter((type) => type !== 'TTYWrap').length;
    await runAudit(rawFixture('basic'));
    const before = handles();
    for (let i = 0; i < 100; i++) {
      const report = await runAudit(rawFixture(i % 2 === 0 ? 'basic' : 'exit-early'));
      expect(report.tools.length + report.errors.length).toBeGreaterThan(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(descendantPids(process.pid)).toEqual([]);
    expect(handles()).toBeLessThanOrEqual(before);
  });
});

describe('hostile output is data', () => {
  it('JSON lines that are not JSON-RPC are tolerated and reported', async () => {
    const report = await runAudit(rawFixture('json-not-rpc'));
    expect(report.errors).toEqual([]);
    expect(report.tools.map((t) => t.name)).toEqual(['read_items']);
    expect(report.warnings.find((w) => w.code === 'stdout-noise')?.message).toContain('2 lines');
  });

  it('a 30 MB tools/list answer is refused at the cap, with memory bounded', async () => {
    const before = process.memoryUsage().rss;
    const report = await runAudit(rawFixture('huge'));
    expect(report.errors[0]?.code).toBe('too-large');
    // The cap is 16 MiB per message: the process never holds the whole 30 MB answer.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('hostile HTTP targets', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  const listen = async (server: Server): Promise<string> => {
    servers.push(server);
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        resolve();
      }),
    );
    const address = server.address();
    return `127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  };

  it('a TLS failure is reported, never skipped', async () => {
    const tls = createHttpsServer(
      {
        key: readFileSync(join(ROOT, 'test/fixtures/tls/key.pem')),
        cert: readFileSync(join(ROOT, 'test/fixtures/tls/cert.pem')),
      },
      (_req, res) => res.end('{}'),
    );
    const host = await listen(tls);
    const report = await runAudit(
      { transport: 'streamable-http', url: `https://${host}/mcp`, headers: {} },
      { timeoutMs: 5000 },
    );
    expect(report.errors[0]?.code).toBe('tls-error');
    expect(report.errors[0]?.hint).toContain('does not skip certificate checks');
  });

  it('a slow drip is cut off by the timeout', async () => {
    const drip = createHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => {
        clearInterval(timer);
      });
    });
    const host = await listen(drip);
    const started = Date.now();
    const report = await runAudit(
      { transport: 'streamable-http', url: `http://${host}/mcp`, headers: {} },
      { timeoutMs: 1500 },
    );
    expect(report.errors[0]?.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe('secrets are never shown', () => {
  // Canaries: one in the caller's environment that is never named, one named for the server, one in a
  // header, one in a URL query. Servers below echo what they receive; no output may carry a canary.
  const canaries = {
    unnamed: 'canary-unnamed-7a1f29',
    named: 'canary-named-c04d5e',
    header: 'canary-header-91b7aa',
    query: 'canary-query-5d2e10',
  };
  const outputs: string[] = [];
  const run = (args: string[]) =>
    new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1', UNNAMED_SECRET: canaries.unnamed, NAMED_SECRET: canaries.named },
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', () => {
        outputs.push(text);
        resolve();
      });
    });

  it('through every output format, from servers that echo them', async () => {
    const echo = createHttpServer((req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
      res.end(JSON.stringify({ error: 'bad token', got: req.headers.authorization, url: req.url }));
    });
    await new Promise<void>((resolve) =>
      echo.listen(0, '127.0.0.1', () => {
        resolve();
      }),
    );
    const address = echo.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      for (const format of ['text', 'json', 'csv']) {
        await run([
          'audit',
          '--format',
          format,
          '--env',
          'NAMED_SECRET',
          '--',
          process.execPath,
          RAW_FIXTURE,
          'env-dump',
        ]);
        await run([
          'audit',
          '--format',
          format,
          '--env',
          'NAMED_SECRET',
          '--',
          process.execPath,
          '-e',
          'console.error("key:", process.env.NAMED_SECRET); process.exit(1)',
        ]);
        await run([
          'audit',
          '--format',
          format,
          '--url',
          `http://127.0.0.1:${port}/mcp?key=${canaries.query}`,
          '--header',
          `Authorization: Bearer ${canaries.header}`,
          '--timeout',
          '5000',
        ]);
        await run([
          'oauth',
          '--format',
          format === 'text' ? 'text' : 'json',
          `http://127.0.0.1:${port}/mcp?key=${canaries.query}`,
        ]);
      }
    } finally {
      echo.close();
    }
    const all = outputs.join('\n');
    // The servers did receive and echo them (so the check below is not vacuous) ...
    expect(all).toContain('NAMED_SECRET');
    expect(all).toContain('«redacted»');
    // ... and not one byte of any canary reached an output.
    const exposed = Object.values(canaries).reduce((bytes, canary) => bytes + all.split(canary).length - 1, 0);
    expect(exposed).toBe(0);
  });
});
