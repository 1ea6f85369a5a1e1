// Where POST /api/audit lists a local server (issues 33, 49): on the host unless the request says
// sandbox: true, as the CLI lists; in the sandbox a server that needs a host folder fails, the report
// says where it was listed, and the hint (in the dashboard's words) points at "Audit on the host".
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEventSchema, type AuditRequest } from '../lib/core/api/audit-request';
import type { Report } from '../lib/core/report/report';
import { handleAuditRequest } from '../lib/server/http/audit-api';
import { dashboardHint } from '../components/ui/advice';
import { SANDBOX } from './sandbox-env';

const FIXTURE = fileURLToPath(new URL('./fixtures/needs-host-folder.mjs', import.meta.url));
// Under /var/tmp: a folder the sandbox hides (lib/server/exercise/host-view.ts).
const folder = mkdtempSync(join('/var/tmp', 'hintcheck-host-folder-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

async function audit(extra: Partial<AuditRequest>): Promise<Report> {
  const body = {
    transport: 'stdio',
    command: process.execPath,
    args: [FIXTURE],
    env: { HOST_FOLDER: folder },
    ...extra,
  };
  const response = await handleAuditRequest(
    new Request('http://127.0.0.1:3100/api/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  // The stream's last NDJSON line is the report.
  const last = auditEventSchema.parse(JSON.parse((await response.text()).trimEnd().split('\n').at(-1) ?? '{}'));
  if (last.type !== 'report') throw new Error(`no report: ${JSON.stringify(last)}`);
  return last.report;
}

describe.skipIf(!SANDBOX)('the listing`s place', () => {
  it('lists on the host by default, and says so', async () => {
    const report = await audit({});
    expect(report.errors).toEqual([]);
    expect(report.tools.length).toBeGreaterThan(0);
    expect(report.target.transport === 'stdio' && report.target.listedIn).toBeUndefined();
  });

  it('with sandbox: true, a server that needs a host folder fails there, and the way out is named', async () => {
    const report = await audit({ sandbox: true });
    expect(report.tools).toEqual([]);
    expect(report.target.transport === 'stdio' ? report.target.listedIn : '').toMatch(/^the exercise sandbox \(/);
    const [error] = report.errors;
    expect(error?.code).toBe('server-exited');
    expect(error?.hint).toContain('is audited on the host: leave out --sandbox');
    const inDashboard = dashboardHint(error ?? {}) ?? '';
    expect(inDashboard).toContain('press Audit on the host below');
    expect(inDashboard).not.toContain('--sandbox');
  });
});
