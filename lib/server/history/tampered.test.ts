// A history row changed after it was written (issue 48): its report fails its hash (listed with a word
// saying so), or a column holds text that is not JSON (a precise error naming the row and the column).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderHistoryList } from '../../cli/print/print-history';
import { PLAIN } from '../../cli/print/terminal';
import type { Report } from '../../core/report/report';
import { runAudit } from '../audit/audit';
import { HistoryError, HistoryStore } from './store';

const DRIFT = join(import.meta.dirname, '../../../test/fixtures/drift-server.mjs');

let report: Report;
beforeAll(async () => {
  report = await runAudit(
    { transport: 'stdio', command: process.execPath, args: [DRIFT], env: [{ name: 'DRIFT_SURFACE', value: 'v1' }] },
    { callerEnv: {} },
  );
});

const open: HistoryStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

/** A store with two saved audits, and a way to change a row behind its back. */
function twoAudits() {
  const path = join(mkdtempSync(join(tmpdir(), 'hintcheck-tampered-')), 'history.db');
  const store = HistoryStore.open(path);
  open.push(store);
  const [first, second] = [store.save(report, 'cli').id, store.save(report, 'cli').id];
  const change = (column: string, value: string, id: number): void => {
    const sqlite = new Database(path);
    sqlite.prepare(`UPDATE audits SET ${column} = ? WHERE id = ?`).run(value, id);
    sqlite.close();
  };
  return { store, path, first, second, change };
}

const thrown = (run: () => unknown): HistoryError => {
  try {
    run();
  } catch (error) {
    if (error instanceof HistoryError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
};

describe('a history row changed after it was written', () => {
  it('a report edited in place is listed as altered, the others intact', () => {
    const { store, first, second, change } = twoAudits();
    expect(store.list().map((entry) => entry.intact)).toEqual([true, true]);
    const edited = JSON.stringify({ ...report, tools: [] });
    change('report_json', edited, first);
    expect(store.list().map((entry) => [entry.id, entry.intact])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(store.entry(first)?.intact).toBe(false);
    const text = renderHistoryList({ entries: store.list(), server: undefined, path: store.path, style: PLAIN });
    expect(text.split('\n')[1]).toContain('altered (its report no longer matches the hash it was saved with)');
    expect(text.split('\n')[0]).not.toContain('altered');
  });

  it('a report that is not JSON: a precise error naming the row and the column, not "could not be opened"', () => {
    const { store, path, first, change } = twoAudits();
    change('report_json', '{"schemaVersion": 1, "tools": [', first);
    const error = thrown(() => store.report(first));
    expect(error.code).toBe('invalid');
    expect(error.message).toMatch(
      new RegExp(`^Audit ${String(first)} in ${path} has a report_json that is not JSON \\(.+\\): the row was changed`),
    );
    expect(error.message).not.toContain('could not be opened');
    expect(error.hint).toContain(`history delete ${String(first)}`);
  });

  it('conditions that are not JSON: the list says which row, not "could not be opened or written"', () => {
    const { store, first, change } = twoAudits();
    change('conditions_json', 'not json', first);
    const error = thrown(() => store.list());
    expect(error.code).toBe('invalid');
    expect(error.message).toContain(`Audit ${String(first)} in `);
    expect(error.message).toContain('conditions_json that is not JSON');
  });
});
