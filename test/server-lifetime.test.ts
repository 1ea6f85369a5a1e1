// A server dies with its audit, whatever it does: the double-fork fixture starts a grandchild that
// outlives its parent and leaves the process group (setpgid(0,0)), staying in the server's session.
// Nothing of it may be left after runAudit, the CLI's audit, the dashboard's audit route, or a cancel.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../lib/server/audit/audit';
import { auditEventSchema, type AuditEvent } from '../lib/core/api/audit-request';
import { handleAuditRequest } from '../lib/server/http/audit-api';
import { handleAuditCancel } from '../lib/server/http/audit-cancel';
import { RAW_FIXTURE, rawFixture, readPids, waitGone } from './helpers';
import { runCli } from './cli-run';

const pidFiles: string[] = [];
const pidFileIn = (): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'hintcheck-life-')), 'pids');
  pidFiles.push(file);
  return file;
};

// A failing test must not leave its fixture running: whatever a PID file names is killed at the end.
afterAll(async () => {
  const pids = pidFiles.filter((file) => existsSync(file)).flatMap(readPids);
  for (const pid of await waitGone(pids, 0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** The server's PID and its grandchild's, once the grandchild has left the group. */
async function forkedPids(pidFile: string): Promise<[number, number]> {
  for (let i = 0; i < 200; i++) {
    if (existsSync(pidFile)) {
      const pids = readPids(pidFile);
      if (pids.length >= 2) return [pids[0] ?? -1, pids[1] ?? -1];
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The fixture never wrote two PIDs to ${pidFile}.`);
}

/** ppid, process group and session of a live process (/proc/PID/stat fields 4 to 6). */
function statOf(pid: number): { ppid: number; pgrp: number; session: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [ppid, pgrp, session] = stat
    .slice(stat.lastIndexOf(')') + 4)
    .split(' ')
    .slice(0, 3)
    .map(Number);
  return { ppid: ppid ?? -1, pgrp: pgrp ?? -1, session: session ?? -1 };
}

describe.skipIf(process.platform !== 'linux')('a double-forking server leaves nothing behind', () => {
  it('the fixture escapes as described: reparented, its own group, the server session', async () => {
    const pidFile = pidFileIn();
    const cancel = new AbortController();
    const audit = runAudit(rawFixture('double-fork-hang', [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), {
      signal: cancel.signal,
    });
    const [server, grandchild] = await forkedPids(pidFile);
    const escaped = statOf(grandchild);
    expect(escaped.ppid).not.toBe(server);
    expect(escaped.pgrp).toBe(grandchild);
    expect(escaped.session).toBe(server);
    cancel.abort();
    await audit;
    expect(await waitGone([server, grandchild], 2000)).toEqual([]);
  });

  it.each([
    ['after a successful audit', 'double-fork', {}],
    ['after a timeout', 'double-fork-hang', { timeoutMs: 1500 }],
  ])('%s (runAudit)', async (_when, scenario, options) => {
    const pidFile = pidFileIn();
    const report = await runAudit(rawFixture(scenario, [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), options);
    expect(report.tools.length + report.errors.length).toBeGreaterThan(0);
    const pids = await forkedPids(pidFile);
    expect(await waitGone(pids, 1000)).toEqual([]);
  });

  it('within 2 s of a cancel, while the server has not answered initialize', async () => {
    const pidFile = pidFileIn();
    const cancel = new AbortController();
    const audit = runAudit(rawFixture('double-fork-hang', [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), {
      signal: cancel.signal,
    });
    const pids = await forkedPids(pidFile);
    await new Promise((resolve) => setTimeout(resolve, 300));
    cancel.abort();
    expect(await waitGone(pids, 2000)).toEqual([]);
    expect((await audit).errors[0]?.code).toBe('cancelled');
  });

  it("after the CLI's audit", async () => {
    const pidFile = pidFileIn();
    const { code } = await runCli([
      'audit',
      '--env',
      `FIXTURE_PID_FILE=${pidFile}`,
      '--',
      process.execPath,
      RAW_FIXTURE,
      'double-fork',
    ]);
    expect(code).not.toBeNull();
    expect(await waitGone(await forkedPids(pidFile), 500)).toEqual([]);
  });

  it("after the dashboard's audit route (a report streamed to the end)", async () => {
    const pidFile = pidFileIn();
    const response = await handleAuditRequest(
      new Request('http://127.0.0.1/api/audit', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          transport: 'stdio',
          command: process.execPath,
          args: [RAW_FIXTURE, 'double-fork'],
          env: { FIXTURE_PID_FILE: pidFile },
          // On the host: these check the host processes' end, through a PID file a sandboxed server cannot write.
          sandbox: false,
        }),
      }),
    );
    const lines = (await response.text()).trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ type: 'report' });
    expect(await waitGone(await forkedPids(pidFile), 500)).toEqual([]);
  });

  it('Cancel through POST /api/audit/cancel: gone within 2 s, and the stream says so before it ends', async () => {
    const pidFile = pidFileIn();
    const response = await handleAuditRequest(
      new Request('http://127.0.0.1/api/audit', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          transport: 'stdio',
          command: process.execPath,
          args: [RAW_FIXTURE, 'double-fork-hang'],
          env: { FIXTURE_PID_FILE: pidFile },
          // On the host: these check the host processes' end, through a PID file a sandboxed server cannot write.
          sandbox: false,
        }),
      }),
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const events: AuditEvent[] = [];
    const readLines = async (): Promise<boolean> => {
      const { value, done } = await reader.read();
      text += decoder.decode(value, { stream: !done });
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const line of lines) if (line !== '') events.push(auditEventSchema.parse(JSON.parse(line)));
      return done;
    };
    while (!events.some((event) => event.type === 'progress' && event.step === 'accepted')) await readLines();
    const accepted = events[0];
    const runId = accepted?.type === 'progress' && accepted.step === 'accepted' ? accepted.runId : '';
    const pids = await forkedPids(pidFile);
    const cancel = (id: string) =>
      handleAuditCancel(
        new Request('http://127.0.0.1/api/audit/cancel', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ runId: id }),
        }),
      );
    expect((await cancel('not-a-run')).status).toBe(404);
    expect((await cancel(runId)).status).toBe(202);
    expect(await waitGone(pids, 2000)).toEqual([]);
    while (!(await readLines()));
    const steps = events.map((event) => (event.type === 'progress' ? event.step : event.type));
    expect(steps.slice(-2)).toEqual(['stopped', 'report']);
    expect(events.at(-2)).toMatchObject({ step: 'stopped', pid: pids[0], confirmed: true, survivors: 0 });
    const report = events.at(-1);
    expect(report?.type === 'report' && report.report.errors[0]?.code).toBe('cancelled');
    expect((await cancel(runId)).status).toBe(404);
  });
});
