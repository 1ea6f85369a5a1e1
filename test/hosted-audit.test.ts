// One path for a hosted audit: POST /api/audit with a URL streams progress (the OAuth check
// included) and one Report carrying the OAuth section, shaped exactly as the CLI's --json for the
// same target. Real HTTP on loopback: the project's MCP fixture and its OAuth fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventSchema, type AuditEvent } from '../lib/core/api/audit-request';
import { reportSchema, type Report } from '../lib/core/report/report';
import { reportJson } from '../lib/core/report/json';
import { handleAuditRequest } from '../lib/server/http/audit-api';
import { startOAuthFixture, type OAuthFixture } from './fixtures/oauth-server.mjs';
import { jsonShape, runCli } from './helpers';

interface McpFixture {
  url: string;
  close(): Promise<void>;
}
const httpFixtures = (await import(new URL('./fixtures/http-server.mjs', import.meta.url).href)) as {
  startFixture(scenario: string): Promise<McpFixture>;
};

async function audit(body: unknown): Promise<AuditEvent[]> {
  const response = await handleAuditRequest(
    new Request('http://127.0.0.1:3100/api/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .trimEnd()
    .split('\n')
    .map((line) => auditEventSchema.parse(JSON.parse(line)));
}

function reportOf(events: readonly AuditEvent[]): Report {
  const last = events.at(-1);
  if (last?.type !== 'report') throw new Error(`no report: ${JSON.stringify(last)}`);
  return last.report;
}

/** The CLI's --json for a URL. */
async function cliJson(url: string): Promise<Report> {
  // The dashboard always estimates tokens; the CLI does with --tokens (the same options, the same shape).
  const { stdout } = await runCli(['audit', '--url', url, '--json', '--tokens']);
  return reportSchema.parse(JSON.parse(stdout));
}

describe('a hosted audit through the API', () => {
  let open: McpFixture;
  let guarded: OAuthFixture;
  beforeAll(async () => {
    open = await httpFixtures.startFixture('mcp');
    guarded = await startOAuthFixture('single-admin-scope');
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('an open server: tools and the OAuth section in one Report, shaped as the CLI --json', async () => {
    const events = await audit({ transport: 'auto', url: open.url });
    const steps = events.map((event) => (event.type === 'progress' ? event.step : event.type));
    expect(steps).toContain('oauth');
    expect(steps.at(-1)).toBe('report');
    const report = reportOf(events);
    expect(report.tools.map((tool) => tool.name)).toContain('read_note');
    expect(report.oauth?.findings.map((finding) => finding.id)).toContain('no-auth-required');

    const fromCli = await cliJson(open.url);
    const exported = JSON.parse(reportJson(report)) as unknown;
    expect(jsonShape(exported)).toEqual(jsonShape(fromCli));
    expect(report.oauth?.findings).toEqual(fromCli.oauth?.findings);
  });

  it('a guarded server: the refused listing and the OAuth check that explains it, in one Report', async () => {
    const report = reportOf(await audit({ transport: 'auto', url: guarded.url }));
    expect(report.tools).toEqual([]);
    expect(report.errors[0]?.code).toBe('http-error');
    expect(report.oauth?.scopes).toEqual(['mcp:admin']);
    expect(report.oauth?.findings.map((finding) => finding.id)).toContain('scope-admin');
    expect(jsonShape(report)).toEqual(jsonShape(await cliJson(guarded.url)));
  });

  it('a local command carries no OAuth section', async () => {
    const report = reportOf(
      await audit({ transport: 'stdio', command: process.execPath, args: ['-e', 'process.exit(3)'] }),
    );
    expect(report.oauth).toBeNull();
  });
});
