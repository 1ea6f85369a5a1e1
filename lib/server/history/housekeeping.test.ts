// History housekeeping on real SQLite files: prune, delete, the --server filter, and the space given back.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../core/report/report';
import { runAudit } from '../audit/audit';
import { HistoryStore } from './store';

const DRIFT = join(import.meta.dirname, '../../../test/fixtures/drift-server.mjs');

let report: Report;
beforeAll(async () => {
  report = await runAudit({ transport: 'stdio', command: process.execPath, args: [DRIFT], env: [] });
});

/** The same audit as if run against another command line (another server identity). */
function of(server: string): Report {
  return { ...report, target: { transport: 'stdio', command: 'node', args: [server], cwd: null, envNames: [] } };
}

const stores: HistoryStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** A history file holding `counts[name]` audits of each server, saved in turns (ids interleave). */
function fileWith(counts: Record<string, number>): HistoryStore {
  const store = HistoryStore.open(join(mkdtempSync(join(tmpdir(), 'hintcheck-prune-')), 'history.db'));
  stores.push(store);
  const left = { ...counts };
  while (Object.values(left).some((n) => n > 0)) {
    for (const [name, n] of Object.entries(left)) {
      if (n === 0) continue;
      store.save(of(name), 'cli');
      left[name] = n - 1;
    }
  }
  return store;
}

const perServer = (store: HistoryStore) =>
  Object.fromEntries(store.servers().map((server) => [server.identity, server.audits]));

describe('prune keeps the newest N audits per server', () => {
  it.each([
    ['keeps 2 of each', { alpha: 5, beta: 3 }, 2, undefined, 4, { 'node alpha': 2, 'node beta': 2 }],
    ['keeps all when N is larger', { alpha: 3, beta: 1 }, 10, undefined, 0, { 'node alpha': 3, 'node beta': 1 }],
    ['keep 0 empties the file', { alpha: 2, beta: 2 }, 0, undefined, 4, {}],
    ['only the servers --server matches', { alpha: 4, beta: 4 }, 1, 'ALPH', 3, { 'node alpha': 1, 'node beta': 4 }],
    ['--server by server id', { alpha: 4, beta: 4 }, 1, '2', 3, { 'node alpha': 4, 'node beta': 1 }],
    ['--server matching nothing deletes nothing', { alpha: 2 }, 0, 'gamma', 0, { 'node alpha': 2 }],
  ] as [string, Record<string, number>, number, string | undefined, number, Record<string, number>][])(
    '%s',
    (_label, counts, keep, server, deleted, left) => {
      const store = fileWith(counts);
      const newest = store.list().map((entry) => entry.id);
      const result = store.prune(keep, server === undefined ? {} : { server });
      expect(result.deleted).toBe(deleted);
      expect(result.notReclaimed).toBeNull();
      expect(perServer(store)).toEqual(left);
      // What remains are the newest audits of each server, in their order.
      const kept = store.list().map((entry) => entry.id);
      expect(kept).toEqual(newest.filter((id) => kept.includes(id)));
      for (const identity of Object.keys(left)) {
        const ids = store.list().filter((entry) => entry.identity === identity);
        const all = newest.filter((id) => ids.some((entry) => entry.id === id));
        expect(ids.map((entry) => entry.id)).toEqual(all);
      }
    },
  );

  it('gives the space back to the file system', () => {
    const store = fileWith({ alpha: 60 });
    const before = store.fileBytes();
    const result = store.prune(1);
    expect(result.deleted).toBe(59);
    expect(result.bytesBefore).toBe(before);
    expect(result.bytesAfter).toBe(store.fileBytes());
    expect(result.bytesAfter).toBeLessThan(before / 10);
    expect(statSync(store.path).size).toBe(result.bytesAfter);
    expect(store.list()).toHaveLength(1);
    expect(store.report(store.list()[0]?.id ?? 0)).toEqual(of('alpha'));
  });
});

describe('remove deletes audits by id, all or none', () => {
  it.each([
    ['two of three', [1, 3], { deleted: 2 }, [2]],
    ['a repeated id once', [2, 2], { deleted: 1 }, [1, 3]],
    ['an unknown id: nothing', [1, 99], { missing: [99] }, [1, 2, 3]],
  ] as [string, number[], Record<string, unknown>, number[]][])('%s', (_label, ids, result, left) => {
    const store = fileWith({ alpha: 3 });
    expect(store.remove(ids)).toMatchObject(result);
    expect(
      store
        .list()
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(left);
  });

  it('forgets a server with no audits left', () => {
    const store = fileWith({ alpha: 1, beta: 1 });
    const beta = store.list({ server: 'beta' })[0]?.id ?? 0;
    store.remove([beta]);
    expect(store.servers().map((server) => server.identity)).toEqual(['node alpha']);
  });
});

describe('list --server', () => {
  it.each([
    ['a piece of the identity', 'alp', ['node alpha']],
    ['ASCII case ignored', 'BETA', ['node beta3']],
    ['a server id', '1', ['node alpha']],
    ['a number is an id only, never a piece ("node beta3")', '3', []],
    ['digits with a neighbour are a piece', 'a3', ['node beta3']],
    ['a piece shared by both', 'node', ['node alpha', 'node beta3']],
    ['% is no wildcard', '%', []],
    ['nothing matches', 'gamma', []],
  ] as [string, string, string[]][])('%s', (_label, server, identities) => {
    const store = fileWith({ alpha: 2, beta3: 2 });
    const listed = store.list({ server });
    expect([...new Set(listed.map((entry) => entry.identity))].sort()).toEqual(identities);
    expect(listed.length).toBe(identities.length * 2);
  });
});

describe('while another process reads the file', () => {
  it('deletes, and says the file shrinks once that process lets go', () => {
    const store = fileWith({ alpha: 30 });
    const reader = new Database(store.path);
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT COUNT(*) FROM audits').get();
      const result = store.prune(1);
      expect(result.deleted).toBe(29);
      expect(result.notReclaimed).toContain('another process');
      reader.exec('COMMIT');
    } finally {
      reader.close();
    }
    expect(store.prune(1)).toMatchObject({ deleted: 0 });
    expect(store.list()).toHaveLength(1);
  });
});
