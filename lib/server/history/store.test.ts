import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../core/report/report';
import { runAudit } from '../audit/audit';
import { defaultHistoryPath, resolveHistoryPath } from './location';
import { LATEST_VERSION } from './migrations';
import { HistoryError, HistoryStore, reportHash } from './store';

const DRIFT = join(import.meta.dirname, '../../../test/fixtures/drift-server.mjs');
const SECRET = 'sk-live-history-secret-0123456789';

const audit = (surface: string) =>
  runAudit(
    {
      transport: 'stdio',
      command: process.execPath,
      args: [DRIFT],
      env: [
        { name: 'DRIFT_SURFACE', value: surface },
        { name: 'API_TOKEN', value: SECRET },
      ],
    },
    { callerEnv: {} },
  );

let reports: [Report, Report, Report];
beforeAll(async () => {
  reports = [await audit('v1'), await audit('v2'), await audit('v3')];
});

const open: HistoryStore[] = [];
function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'hintcheck-history-')), 'nested', 'history.db');
}
function openStore(path: string): HistoryStore {
  const store = HistoryStore.open(path);
  open.push(store);
  return store;
}
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

describe('HistoryStore on a real SQLite file', () => {
  it('saves audits of one server, lists them newest first and reads each Report back whole', () => {
    const path = tempDb();
    const store = openStore(path);
    expect(store.version()).toBe(LATEST_VERSION);
    const saved = reports.map((report) => store.save(report, 'cli'));
    expect(new Set(saved.map((entry) => entry.serverId)).size).toBe(1);
    expect(store.servers()).toMatchObject([
      { audits: 3, identity: `${process.execPath} ${DRIFT}`, lastServerName: 'drift-fixture' },
    ]);
    const list = store.list();
    expect(list.map((entry) => entry.id)).toEqual(saved.map((entry) => entry.id).reverse());
    expect(list.map((entry) => entry.tools)).toEqual([4, 5, 4]);
    expect(list[1]).toMatchObject({ destructive: 2, worstSeverity: 'high', complete: true });
    expect(list[0]?.conditions).toMatchObject({
      transport: 'stdio',
      protocolVersion: '2025-11-25',
      envNames: ['DRIFT_SURFACE', 'API_TOKEN'],
      signedIn: false,
      source: 'cli',
    });
    const raw = new Database(store.path, { readonly: true });
    reports.forEach((report, index) => {
      const id = saved[index]?.id ?? -1;
      expect(store.report(id)).toEqual(report);
      // The hash is of the stored text, checkable with sqlite3 and sha256sum.
      const { report_json: text } = raw.prepare('SELECT report_json FROM audits WHERE id = ?').get(id) as {
        report_json: string;
      };
      expect(store.entry(id)?.reportHash).toBe(createHash('sha256').update(text).digest('hex'));
      expect(reportHash(text)).toBe(store.entry(id)?.reportHash);
    });
    raw.close();
    expect(store.report(9999)).toBeNull();
    expect(store.list({ limit: 1, offset: 1 }).map((entry) => entry.id)).toEqual([saved[1]?.id]);
  });

  it('survives a reopen (and migrations are not re-applied)', () => {
    const path = tempDb();
    openStore(path).save(reports[0], 'dashboard');
    open.pop()?.close();
    const again = openStore(path);
    expect(again.list()).toHaveLength(1);
    expect(again.list()[0]?.conditions.source).toBe('dashboard');
  });

  it('never writes a secret value to the file', () => {
    const path = tempDb();
    const store = openStore(path);
    for (const report of reports) store.save(report, 'cli');
    store.close();
    open.pop();
    for (const file of [path, `${path}-wal`]) {
      let bytes = '';
      try {
        bytes = readFileSync(file, 'latin1');
      } catch {
        continue;
      }
      expect(bytes).not.toContain(SECRET);
      expect(bytes).not.toContain(SECRET.slice(0, 12));
    }
  });

  it('gives a clear error for a file that is not a database', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'hintcheck-history-')), 'history.db');
    writeFileSync(path, 'this is not sqlite, just text that is long enough to have a header '.repeat(20));
    const error = (() => {
      try {
        HistoryStore.open(path);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(HistoryError);
    expect(error).toMatchObject({ code: 'corrupt' });
    expect((error as HistoryError).message).toContain(path);
    expect((error as HistoryError).hint).toContain('--db');
  });

  it('gives a clear error when another process holds the file locked', () => {
    const path = tempDb();
    openStore(path);
    const holder = new Database(path);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const store = openStore(path);
      expect(() => store.save(reports[0], 'cli')).toThrow(expect.objectContaining({ code: 'locked' }) as Error);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it.each([1, 2])('refuses a version %i file (a pre-release build), saying to re-run the audits', (version) => {
    const path = tempDb();
    openStore(path);
    open.pop()?.close();
    const raw = new Database(path);
    raw.pragma(`user_version = ${version}`);
    raw.close();
    expect(() => HistoryStore.open(path)).toThrow(
      expect.objectContaining({
        code: 'invalid',
        hint: expect.stringContaining('re-run the audits') as string,
      }) as Error,
    );
  });

  it('records how each audit ended: a failed one with its first error', async () => {
    const failed = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      env: [],
    });
    const saved = openStore(tempDb()).save(failed, 'cli');
    expect([saved.outcome, saved.error]).toEqual([
      'failed',
      `${failed.errors[0]?.code ?? ''}: ${failed.errors[0]?.message ?? ''}`,
    ]);
  });

  it('refuses a file from a newer schema version', () => {
    const path = tempDb();
    openStore(path);
    const raw = new Database(path);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => HistoryStore.open(path)).toThrow(expect.objectContaining({ code: 'newer' }) as Error);
  });

  it('says there is no history yet when reading a file that does not exist', () => {
    expect(() => HistoryStore.open(join(tmpdir(), 'no-such-dir-hintcheck', 'h.db'), { mustExist: true })).toThrow(
      expect.objectContaining({ code: 'not-found' }) as Error,
    );
  });
});

describe('the history location', () => {
  it.each([
    ['linux', {}, '/home/u/.local/share/mcp-hintcheck/history.db'],
    ['linux', { XDG_DATA_HOME: '/data' }, '/data/mcp-hintcheck/history.db'],
    ['linux', { XDG_DATA_HOME: 'relative' }, '/home/u/.local/share/mcp-hintcheck/history.db'],
    ['darwin', {}, '/home/u/Library/Application Support/mcp-hintcheck/history.db'],
    [
      'win32',
      { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' },
      'C:\\Users\\u\\AppData\\Local\\mcp-hintcheck\\history.db',
    ],
  ] as [NodeJS.Platform, Record<string, string>, string][])('%s %j', (platform, env, path) => {
    expect(defaultHistoryPath(env, platform, '/home/u')).toBe(path);
  });

  it.each([
    ['/x.db', {}, '/x.db', '--db'],
    [undefined, { HINTCHECK_DB: '/h.db', PREFLIGHT_DB: '/p.db' }, '/h.db', 'HINTCHECK_DB'],
    [undefined, { HINTCHECK_DB: 'off' }, null, 'HINTCHECK_DB'],
  ])('--db %s with %j', (flag, env, path, from) => {
    expect(resolveHistoryPath(flag, env)).toEqual({ path, from });
  });
});

describe('a Report saved by an earlier build', () => {
  it('is refused as an opened export is, saying to re-run the audit', () => {
    const path = tempDb();
    const store = openStore(path);
    const id = store.save(reports[0], 'cli').id;
    const earlier = readFileSync(
      join(import.meta.dirname, '../../../test/fixtures/reports/v1-before-risk.json'),
      'utf8',
    );
    const sqlite = new Database(path);
    sqlite.prepare('UPDATE audits SET report_json = ? WHERE id = ?').run(earlier, id);
    sqlite.close();
    const refusal = (() => {
      try {
        store.report(id);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HistoryError);
    expect((refusal as HistoryError).message).toContain('cannot read');
    expect((refusal as HistoryError).hint).toContain('re-run the audit');
  });
});
