// The Mcp-Name header of the tasks extension's requests over Streamable HTTP (SEP-2663, "Streamable
// HTTP: Routing Headers"; 2026-07-28 Streamable HTTP, "Server Validation"), against the official
// SDK's server on 127.0.0.1 (test/fixtures/v2-http-server.mjs): the client sends it as the extension
// says, the audit probes whether the server checks it, and reports one that does not.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allFindings } from '../lib/core/report/findings';
import { PROBE_OTHER_TASK_ID, PROBE_TASK_ID } from '../lib/core/surface/task-name-header';
import { runAudit } from '../lib/server/audit/audit';
import { connectHttp } from '../lib/server/mcp/connect';
import { startV2Fixture, TASKS_EXTENSION_ID } from './fixtures/v2-http-server.mjs';

const TASK_IDS = ['task-name-header-mismatch-accepted', 'task-name-header-not-required'];

async function audit(options: { tasks?: boolean; ignoreTaskNameHeader?: boolean }) {
  const fixture = await startV2Fixture('modern', options);
  try {
    const report = await runAudit(
      { transport: 'streamable-http', url: fixture.url, headers: {} },
      { timeoutMs: 15_000, includeOAuth: false, includeDeclared: false },
    );
    const probes = fixture.requests.filter((r) => r.mcpMethod === 'tasks/get').map((r) => r.mcpName);
    return { report, probes };
  } finally {
    await fixture.close();
  }
}

const taskFindings = (report: Awaited<ReturnType<typeof runAudit>>) =>
  allFindings(report).filter((item) => TASK_IDS.includes(item.id));

describe('Mcp-Name on task requests over Streamable HTTP', () => {
  it('a server that checks it (the SDK): probed with the header, another task and none; no finding', async () => {
    const { report, probes } = await audit({ tasks: true });
    expect(report.errors).toEqual([]);
    expect(report.protocol?.era).toBe('modern');
    expect(probes).toEqual([PROBE_TASK_ID, PROBE_OTHER_TASK_ID, null]);
    expect(taskFindings(report)).toEqual([]);
  }, 30_000);

  it('a server that does not check it: both findings, on tasks/get', async () => {
    const { report, probes } = await audit({ tasks: true, ignoreTaskNameHeader: true });
    expect(probes).toEqual([PROBE_TASK_ID, PROBE_OTHER_TASK_ID, null]);
    const found = taskFindings(report);
    expect(found.map((item) => [item.id, item.severity, item.subject])).toEqual([
      ['task-name-header-mismatch-accepted', 'medium', { kind: 'server', name: 'tasks/get' }],
      ['task-name-header-not-required', 'low', { kind: 'server', name: 'tasks/get' }],
    ]);
    expect(found[0]?.message).toContain('(HTTP 200, JSON-RPC -32602)');
  }, 30_000);

  it('a server without the tasks extension is not asked', async () => {
    const { report, probes } = await audit({});
    expect(report.errors).toEqual([]);
    expect(probes).toEqual([]);
    expect(taskFindings(report)).toEqual([]);
  }, 30_000);

  // The request the playground's task run sends (exercise/session.ts: any result, the raw answer kept).
  it("the audit's own client sends Mcp-Name as params.taskId on tasks/get", async () => {
    const fixture = await startV2Fixture('modern', { tasks: true });
    const live = await connectHttp(
      { transport: 'streamable-http', url: fixture.url, headers: {} },
      {
        signal: new AbortController().signal,
        timeoutMs: 10_000,
        maxMessageBytes: 1024 * 1024,
        clientVersion: '0.0.0',
        protocol: { mode: 'modern' },
        capabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } },
      },
    );
    try {
      await expect(
        live.client.request({ method: 'tasks/get', params: { taskId: 'abc-1' } }, z.unknown()),
      ).rejects.toThrow(/Unknown task: abc-1/);
      expect(fixture.requests.filter((r) => r.mcpMethod === 'tasks/get').map((r) => r.mcpName)).toEqual(['abc-1']);
    } finally {
      await live.close();
      await fixture.close();
    }
  }, 30_000);
});
