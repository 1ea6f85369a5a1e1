// Issue 49 item 3 on loopback: a web page's URL is "a web page, not an MCP endpoint" in the audit, the
// OAuth check, doctor and the dashboard's APIs (one classifier, lib/core/web-page.ts), never an open MCP server; and doctor
// passes a working Streamable HTTP server whose reply opens with an empty event (server-everything).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { reportSchema } from '../lib/core/report/report';
import { runDoctor } from '../lib/server/doctor/run-doctor';
import { auditEventSchema } from '../lib/core/api/audit-request';
import { oauthReportSchema } from '../lib/core/oauth/schemas';
import { handleAuditRequest } from '../lib/server/http/audit-api';
import { handleOAuthCheckRequest } from '../lib/server/http/oauth-api';
import { runCli } from './cli-run';
import { EVERYTHING } from './config-fixtures';
import { freePort } from './helpers';

const PAGE = '<!doctype html><html><head><title>Acme</title></head><body><h1>Welcome</h1></body></html>';
let site: Server;
let url: string;

beforeAll(async () => {
  // A site that answers every path and method with its page (a single-page app's catch-all).
  site = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) =>
    site.close(() => {
      resolve();
    }),
  );
});

describe('an HTML page at the URL', () => {
  it('the audit says web page, not MCP endpoint, in its error and its OAuth section; nothing judged as open', async () => {
    const run = await runCli(['audit', '--url', url, '--json', '--no-history']);
    expect(run.code).toBe(EXIT.unreachable);
    const report = reportSchema.parse(JSON.parse(run.stdout));
    expect(report.errors[0]?.message).toMatch(/^This URL is a web page, not an MCP endpoint: /);
    expect(report.oauth?.webPage).toBe(true);
    expect(report.oauth?.findings.map((finding) => finding.id)).toEqual(['web-page']);
    expect(report.oauth?.lessons.issuer).not.toMatch(/Nobody/);
  });

  it('the dashboard says so too: its audit API and its OAuth check (the same classifier)', async () => {
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const audited = await handleAuditRequest(
      new Request('http://127.0.0.1:3100/api/audit', {
        ...json,
        body: JSON.stringify({ transport: 'auto', url }),
      }),
    );
    // The stream's last NDJSON line is the report the dashboard draws.
    const last = auditEventSchema.parse(JSON.parse((await audited.text()).trimEnd().split('\n').at(-1) ?? '{}'));
    if (last.type !== 'report') throw new Error(`no report: ${JSON.stringify(last)}`);
    expect(last.report.errors[0]?.message).toMatch(/^This URL is a web page, not an MCP endpoint: /);
    const checked = await handleOAuthCheckRequest(
      new Request('http://127.0.0.1:3100/api/oauth-check', { ...json, body: JSON.stringify({ url }) }),
    );
    const { report } = (await checked.json()) as { report: unknown };
    const oauth = oauthReportSchema.parse(report);
    expect(oauth.findings.map((finding) => finding.id)).toEqual(['web-page']);
    expect(oauth.lessons.transport).toContain('this URL is a web page, not an MCP endpoint');
  });

  it('oauth says so, raises no prm-invalid, looks for no metadata, and exits 3', async () => {
    const run = await runCli(['oauth', url, '--json']);
    expect(run.code).toBe(EXIT.unreachable);
    const oauth = JSON.parse(run.stdout) as {
      findings: { id: string }[];
      lessons: { transport: string };
      probes: { url: string }[];
    };
    expect(oauth.findings.map((finding) => finding.id)).toEqual(['web-page']);
    expect(oauth.lessons.transport).toContain('this URL is a web page, not an MCP endpoint');
    expect(oauth.lessons.transport).not.toContain('event stream');
    expect(oauth.probes.map((probe) => probe.url).filter((probed) => probed.includes('.well-known'))).toEqual([]);
  });

  it('doctor fails the HTTP step with the same words', async () => {
    const result = await runDoctor(url, { timeoutMs: 3000 });
    const http = result.steps.find((entry) => entry.id === 'http');
    expect(http?.outcome).toBe('fail');
    expect(http?.detail).toContain('This URL is a web page, not an MCP endpoint');
  });
});

const canConnect = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });

describe('doctor and server-everything over Streamable HTTP', () => {
  let child: ChildProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    // server-everything reads its port from PORT (dist/transports/streamableHttp.js).
    child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), NODE_ENV: 'production' },
      stdio: 'ignore',
    });
    const until = Date.now() + 20_000;
    while (Date.now() < until && !(await canConnect(port))) await new Promise((resolve) => setTimeout(resolve, 100));
  }, 30_000);
  afterAll(async () => {
    if (child?.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(child.pid, 'SIGTERM');
    await exited;
  });

  it('passes the Streamable HTTP step and reads the 2025 era from the event after the empty one', async () => {
    const result = await runDoctor(`http://127.0.0.1:${port}/mcp`, { timeoutMs: 5000 });
    const outcome = (id: string) => result.steps.find((entry) => entry.id === id)?.outcome;
    expect(outcome('http')).toBe('ok');
    expect(outcome('streamable-http')).toBe('ok');
    expect(outcome('era-2025')).toBe('ok');
    expect(result.failed).toBe(false);
  });
});
