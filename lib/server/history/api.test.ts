// The history API on a real SQLite file, with audits saved the way the dashboard saves them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContract } from '../../core/contract/build';
import { contractSchema } from '../../core/contract/schema';
import { driftSchema } from '../../core/contract/drift';
import { historyEntrySchema, historyServerSchema } from '../../core/history/entry';
import { runAudit } from '../audit/audit';
import { handleHistoryAudits, handleHistoryContract, handleHistoryDiff, handleHistoryServers } from './api';
import { closeDashboardHistory, saveDashboardAudit } from './dashboard-history';

const DRIFT = join(import.meta.dirname, '../../../test/fixtures/drift-server.mjs');
const get = (path: string) => new Request(`http://127.0.0.1:3100${path}`);
const ids: number[] = [];
const previous = process.env.HINTCHECK_DB;

beforeAll(async () => {
  process.env.HINTCHECK_DB = join(mkdtempSync(join(tmpdir(), 'hintcheck-api-')), 'history.db');
  closeDashboardHistory();
  for (const surface of ['v1', 'v2', 'v3']) {
    const report = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: [DRIFT],
      env: [{ name: 'DRIFT_SURFACE', value: surface }],
    });
    ids.push(saveDashboardAudit(report) ?? -1);
  }
});
afterAll(() => {
  closeDashboardHistory();
  process.env.HINTCHECK_DB = previous;
});

describe('the history API', () => {
  it('lists servers, then one server’s audits newest first', async () => {
    const servers = historyServerSchema
      .array()
      .parse(((await handleHistoryServers().json()) as { servers: unknown }).servers);
    expect(servers).toHaveLength(1);
    expect(servers[0]?.audits).toBe(3);
    const response = handleHistoryAudits(get(`/api/history/audits?server=${servers[0]?.id ?? 0}`));
    expect(response.headers.get('cache-control')).toBe('no-store');
    const audits = historyEntrySchema.array().parse(((await response.json()) as { audits: unknown }).audits);
    expect(audits.map((audit) => audit.id)).toEqual([...ids].reverse());
    expect(audits[0]?.conditions.source).toBe('dashboard');
  });

  it('diffs two audits with the verify classification, widening first', async () => {
    const body = (await handleHistoryDiff(get(`/api/history/diff?a=${ids[0] ?? 0}&b=${ids[1] ?? 0}`)).json()) as {
      drift: unknown;
    };
    const drift = driftSchema.parse(body.drift);
    expect(drift.changes[0]?.direction).toBe('widening');
    expect(drift.changes.map((change) => [change.kind, change.tool])).toContainEqual([
      'annotation-changed',
      'search_docs',
    ]);
    expect(drift.changes.map((change) => [change.kind, change.tool])).toContainEqual([
      'description-changed',
      'add_note',
    ]);
    expect(drift.changes.map((change) => [change.kind, change.tool])).toContainEqual(['tool-added', 'export_notes']);
  });

  it('refuses to diff a failed audit as a surface, and lists it as a failure with its error', async () => {
    const report = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      env: [],
    });
    expect(report.errors.length).toBeGreaterThan(0);
    const failed = saveDashboardAudit(report) ?? -1;
    for (const query of [`a=${ids[0] ?? 0}&b=${failed}`, `a=${failed}&b=${ids[0] ?? 0}`]) {
      const response = handleHistoryDiff(get(`/api/history/diff?${query}`));
      expect(response.status).toBe(409);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('bad-input');
      expect(error.message).toContain(`Audit #${failed} failed before it listed any tool (`);
      expect(error.message).toContain('there is no surface to compare');
    }
    const servers = historyServerSchema
      .array()
      .parse(((await handleHistoryServers().json()) as { servers: unknown }).servers);
    const audits = historyEntrySchema.array().parse(
      (
        (await handleHistoryAudits(get(`/api/history/audits?server=${servers[0]?.id ?? 0}`)).json()) as {
          audits: unknown;
        }
      ).audits,
    );
    expect(audits[0]).toMatchObject({ id: failed, outcome: 'failed', tools: 0 });
    expect(audits[0]?.error).toMatch(/^[a-z-]+: /);
  });

  it('downloads an audit as a contract', async () => {
    const response = handleHistoryContract(get(`/api/history/contract?id=${ids[2] ?? 0}`));
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mcp-surface.json"');
    const contract = contractSchema.parse(await response.json());
    expect(contract.toolNames).toEqual(['add_note', 'export_notes', 'fetch_url', 'search_docs']);
  });

  it('"Approve as contract" gives the file `contract write` writes, prompts and resources included', async () => {
    const report = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: [DRIFT],
      env: [{ name: 'DRIFT_ITEMS', value: 'v1' }],
    });
    const id = saveDashboardAudit(report) ?? -1;
    const contract = contractSchema.parse(await handleHistoryContract(get(`/api/history/contract?id=${id}`)).json());
    expect(contract).toEqual(JSON.parse(JSON.stringify(buildContract(report, report.generatedAt))));
    expect(contract.prompts?.items.map((item) => item.name)).toEqual(['review', 'summarize']);
    expect(contract.resources?.items).toHaveLength(2);
  });

  it.each([
    ['/api/history/audits', handleHistoryAudits, 400],
    ['/api/history/audits?server=abc', handleHistoryAudits, 400],
    ['/api/history/diff?a=1', handleHistoryDiff, 400],
    ['/api/history/diff?a=1&b=99999', handleHistoryDiff, 404],
    ['/api/history/contract?id=99999', handleHistoryContract, 404],
    ['/api/history/contract?id=-1', handleHistoryContract, 400],
  ])('%s answers %i with a message', async (path, handler, status) => {
    const response = handler(get(path));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message.length).toBeGreaterThan(5);
  });

  it('answers 503 with the reason when the history is off', async () => {
    closeDashboardHistory();
    process.env.HINTCHECK_DB = 'off';
    try {
      const response = handleHistoryServers();
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('history-off');
    } finally {
      closeDashboardHistory();
    }
  });
});
