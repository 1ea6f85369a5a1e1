// HTTP integration tests: runAudit against the published everything server (Streamable HTTP and
// legacy SSE) and against the project's own fixture server (test/fixtures/http-server.mjs).
// Everything talks to 127.0.0.1 only.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../lib/core/report/report';
import { runAudit } from '../lib/server/audit/audit';
import type { AuditOptions } from '../lib/server/audit/audit-options';
import type { AuditTargetSpec } from '../lib/server/target-spec';
import { freePort } from './helpers';

// ---------------------------------------------------------------------------
// Fixture server (plain .mjs, loaded dynamically so the type checker does not need declarations).

interface FixtureRequest {
  method: string;
  path: string;
  authorization: string | null;
}
interface Fixture {
  url: string;
  port: number;
  requests: FixtureRequest[];
  close(): Promise<void>;
}
type Scenario = 'mcp' | 'not-found' | 'html' | 'unauthorized' | 'huge' | 'slow' | 'redirect-loop';
interface FixtureModule {
  startFixture(scenario: Scenario): Promise<Fixture>;
}

const FIXTURE_MODULE = new URL('./fixtures/http-server.mjs', import.meta.url).href;
const EVERYTHING = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

let fixtureModule: FixtureModule | null = null;
const openFixtures = new Set<Fixture>();

async function startFixture(scenario: Scenario): Promise<Fixture> {
  fixtureModule ??= (await import(FIXTURE_MODULE)) as FixtureModule;
  const fixture = await fixtureModule.startFixture(scenario);
  openFixtures.add(fixture);
  return fixture;
}

async function closeFixture(fixture: Fixture): Promise<void> {
  openFixtures.delete(fixture);
  await fixture.close();
}

/** Runs `body` against a fresh fixture and always closes it. */
async function withFixture<T>(scenario: Scenario, body: (fixture: Fixture) => Promise<T>): Promise<T> {
  const fixture = await startFixture(scenario);
  try {
    return await body(fixture);
  } finally {
    await closeFixture(fixture);
    expect(await canConnect(fixture.port), `fixture port ${fixture.port} still open`).toBe(false);
  }
}

// ---------------------------------------------------------------------------
// Ports and child processes

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  pid: number;
  port: number;
  output: () => string;
}

const children: Started[] = [];

/** Starts the everything server in a mode on a free port and waits until it accepts connections. */
async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING, mode], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start the everything server (${mode})`);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const started: Started = { child, pid, port, output: () => output };
  children.push(started);
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`everything server (${mode}) exited early: ${output}`);
    }
    if (await canConnect(port)) return started;
    await sleep(100);
  }
  throw new Error(`everything server (${mode}) did not listen on ${port} in time: ${output}`);
}

async function stopChild({ child, pid }: Started): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  process.kill(pid, 'SIGTERM');
  const killedInTime = await Promise.race([exited.then(() => true), sleep(3000).then(() => false)]);
  if (!killedInTime) {
    process.kill(pid, 'SIGKILL');
    await exited;
  }
}

// ---------------------------------------------------------------------------

function codes(report: Report): string[] {
  return report.errors.map((e) => e.code);
}

function firstError(report: Report) {
  const [error] = report.errors;
  if (error === undefined)
    throw new Error(`expected an error, got a report with ${report.tools.length} tools and none`);
  return error;
}

afterAll(async () => {
  await Promise.all([...openFixtures].map(closeFixture));
  await Promise.all(children.map(stopChild));
  for (const { pid, port } of children) {
    expect(isAlive(pid), `everything server pid ${pid} still alive`).toBe(false);
    expect(await canConnect(port), `port ${port} still open`).toBe(false);
  }
});

/**
 * These tests count the requests of the connection and the listing; the OAuth check, which makes
 * its own requests beside them, is tested in hosted-audit.test.ts and oauth-discovery.test.ts.
 */
function listOnly(spec: AuditTargetSpec, options: AuditOptions = {}) {
  return runAudit(spec, { includeOAuth: false, ...options });
}

describe('the published everything server over HTTP', () => {
  let streamable: Started;
  let sse: Started;

  beforeAll(async () => {
    [streamable, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  }, 30_000);

  it('Streamable HTTP with transport auto: connects without fallback and lists every tool', async () => {
    const report = await listOnly(
      { transport: 'auto', url: `http://127.0.0.1:${streamable.port}/mcp`, headers: {} },
      { timeoutMs: 15_000 },
    );
    expect(report.errors).toEqual([]);
    expect(reportSchema.parse(report)).toBeTruthy();
    expect(report.server?.transport).toBe('streamable-http');
    expect(report.server?.name).toEqual(expect.any(String));
    expect(report.server?.name?.length).toBeGreaterThan(0);
    expect(report.complete).toBe(true);
    expect(report.tools.length).toBeGreaterThan(5);
    expect(report.tools.map((t) => t.name)).toContain('echo');
    expect(report.target).toMatchObject({
      transport: 'auto',
      url: `http://127.0.0.1:${streamable.port}/mcp`,
      headerNames: [],
    });
  });

  it('legacy SSE with transport auto: the POST is refused, the audit falls back to SSE', async () => {
    const report = await listOnly(
      { transport: 'auto', url: `http://127.0.0.1:${sse.port}/sse`, headers: {} },
      { timeoutMs: 15_000 },
    );
    expect(report.errors).toEqual([]);
    expect(report.server?.transport).toBe('sse');
    expect(report.complete).toBe(true);
    expect(report.tools.length).toBeGreaterThan(5);
    expect(report.tools.map((t) => t.name)).toContain('echo');
  });

  it('legacy SSE with transport sse', async () => {
    const report = await listOnly(
      { transport: 'sse', url: `http://127.0.0.1:${sse.port}/sse`, headers: {} },
      { timeoutMs: 15_000 },
    );
    expect(report.errors).toEqual([]);
    expect(report.server?.transport).toBe('sse');
    expect(report.complete).toBe(true);
    expect(report.tools.length).toBeGreaterThan(5);
    expect(report.target.transport).toBe('sse');
  });
});

describe('the fixture MCP endpoint', () => {
  it('lists raw tools, sends the Authorization header and never echoes its value', async () => {
    await withFixture('mcp', async (fixture) => {
      const report = await listOnly(
        { transport: 'auto', url: fixture.url, headers: { Authorization: 'Bearer s3cr3t-value' } },
        { timeoutMs: 10_000 },
      );
      expect(report.errors).toEqual([]);
      expect(report.complete).toBe(true);
      expect(report.server).toMatchObject({
        name: 'hintcheck-http-fixture',
        version: '1.2.3',
        transport: 'streamable-http',
      });
      expect(report.tools.map((t) => t.name)).toEqual(['read_note', 'delete_note', 'send_email']);
      // The malformed hint survives raw (the SDK's strict listTools would have rejected the list).
      const deleteNote = report.tools.find((t) => t.name === 'delete_note');
      expect(deleteNote?.annotations).toEqual({ destructiveHint: true, openWorldHint: 'no', category: 'notes' });
      expect(deleteNote?.effective.openWorldHint).toMatchObject({ source: 'malformed', sent: 'no' });
      expect(report.summary.malformed).toBe(1);

      // The header reached the server on every request...
      const posts = fixture.requests.filter((r) => r.method === 'POST');
      expect(posts.length).toBeGreaterThanOrEqual(2);
      for (const request of posts) expect(request.authorization).toBe('Bearer s3cr3t-value');
      // ...and its value appears nowhere in the report.
      expect(JSON.stringify(report)).not.toContain('s3cr3t-value');
      expect(report.target).toMatchObject({ transport: 'auto', headerNames: ['Authorization'] });
    });
  });

  it('redacts query values in the target URL', async () => {
    await withFixture('mcp', async (fixture) => {
      const report = await listOnly(
        { transport: 'streamable-http', url: `${fixture.url}?api_key=abc123`, headers: {} },
        { timeoutMs: 10_000 },
      );
      expect(report.errors).toEqual([]);
      expect(report.tools).toHaveLength(3);
      expect(report.target).toMatchObject({ url: `${fixture.url}?api_key=***` });
      expect(JSON.stringify(report)).not.toContain('abc123');
    });
  });
});

describe('HTTP failures become problems, not exceptions', () => {
  it('404: http-error naming the status, after trying the legacy SSE fallback', async () => {
    await withFixture('not-found', async (fixture) => {
      const report = await listOnly({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 10_000 });
      const error = firstError(report);
      expect(error.code).toBe('http-error');
      expect(error.message).toMatch(/\b404\b/);
      expect(error.message).toContain('legacy HTTP+SSE fallback failed too');
      expect(error.message).not.toContain('Streamable HTTP error');
      expect(error.hint).toContain('/mcp');
      expect(report.server).toBeNull();
      expect(report.tools).toEqual([]);
      // Both transports were tried: a POST (Streamable HTTP) and a GET (legacy SSE).
      expect(fixture.requests.map((r) => r.method)).toEqual(expect.arrayContaining(['POST', 'GET']));
    });
  });

  it('an HTML page instead of MCP: protocol-error naming the content type', async () => {
    await withFixture('html', async (fixture) => {
      const report = await listOnly({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 10_000 });
      const error = firstError(report);
      expect(error.code).toBe('protocol-error');
      expect(error.message).toContain('text/html');
      expect(error.step).toBe('initialize');
      expect(report.server).toBeNull();
    });
  });

  it('401: http-error with a hint to run mcp-hintcheck oauth', async () => {
    await withFixture('unauthorized', async (fixture) => {
      const report = await listOnly({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 10_000 });
      const error = firstError(report);
      expect(error.code).toBe('http-error');
      // The status, the redacted URL, the step and the server's own words, without the SDK's prefixes.
      expect(error.message).toBe(
        `HTTP 401 from ${fixture.url} at initialize: {"error":"invalid_token","error_description":"Missing bearer token"}`,
      );
      expect(error.hint).toContain('mcp-hintcheck oauth');
      // 401 is not a reason to try the legacy transport: one POST, no GET.
      expect(fixture.requests.map((r) => r.method)).toEqual(['POST']);
    });
  });

  it('connection refused: connection-failed', async () => {
    const port = await freePort();
    const started = performance.now();
    const report = await listOnly(
      { transport: 'auto', url: `http://127.0.0.1:${port}/mcp`, headers: {} },
      { timeoutMs: 10_000 },
    );
    const error = firstError(report);
    expect(error.code).toBe('connection-failed');
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a 20 MB tools/list with maxBytes 1 MiB: too-large, after a successful initialize', async () => {
    await withFixture('huge', async (fixture) => {
      const report = await listOnly(
        { transport: 'streamable-http', url: fixture.url, headers: {} },
        { timeoutMs: 15_000, maxBytes: 1024 * 1024 },
      );
      expect(codes(report)).toEqual(['too-large']);
      expect(firstError(report).step).toBe('tools/list page 1');
      expect(report.server?.name).toBe('huge-fixture');
      expect(report.tools).toEqual([]);
      expect(report.complete).toBe(false);
    });
  });

  it('a server that never answers: timeout within the audit deadline', async () => {
    await withFixture('slow', async (fixture) => {
      const started = performance.now();
      const report = await listOnly({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 1500 });
      const elapsed = performance.now() - started;
      expect(codes(report)).toEqual(['timeout']);
      expect(firstError(report).message).toMatch(/initialize/);
      expect(elapsed).toBeGreaterThanOrEqual(1400);
      expect(elapsed).toBeLessThan(5000);
      expect(fixture.requests.map((r) => r.method)).toEqual(['POST']);
    });
  });

  it('a redirect loop: http-error naming the unfollowed redirect, no hang', async () => {
    await withFixture('redirect-loop', async (fixture) => {
      const started = performance.now();
      const report = await listOnly({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 10_000 });
      const error = firstError(report);
      expect(error.code).toBe('http-error');
      expect(error.message).toMatch(/\b302\b/);
      expect(error.message).toMatch(/redirect/i);
      expect(performance.now() - started).toBeLessThan(5000);
    });
  });

  it('a redirect loop over legacy SSE: a clear error, no hang', async () => {
    await withFixture('redirect-loop', async (fixture) => {
      const started = performance.now();
      const report = await listOnly({ transport: 'sse', url: fixture.url, headers: {} }, { timeoutMs: 10_000 });
      const error = firstError(report);
      expect(error.code).toBe('http-error');
      expect(error.message).toMatch(/\b302\b/);
      expect(performance.now() - started).toBeLessThan(5000);
      // Same-origin redirects are followed a bounded number of times, then given up.
      expect(fixture.requests.length).toBeGreaterThan(1);
      expect(fixture.requests.length).toBeLessThanOrEqual(10);
    });
  });
});
