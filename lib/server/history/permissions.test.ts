import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../core/report/report';
import { secureHistoryPlace } from './permissions';
import { HistoryStore } from './store';
import { scratchFolders } from '../../../test/scratch-folders';

const tempDir = scratchFolders('modes');

const mode = (file: string): string => (statSync(file).mode & 0o777).toString(8);

const REPORT = {
  schemaVersion: 1,
  generator: { name: 'mcp-hintcheck', version: '0.0.0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', command: 'node', args: ['srv.mjs'], cwd: null, envNames: [] },
  server: null,
  summary: { tools: 0, readOnly: 0, destructive: 0, openWorld: 0, unannotated: 0 },
  tools: [],
  errors: [],
  warnings: [],
  complete: true,
} as unknown as Report;

describe.skipIf(process.platform === 'win32')('history file modes (issue 20)', () => {
  it('creates the folder 0700 and the database, -wal and -shm 0600, and says nothing', () => {
    const place = join(tempDir(), 'share', 'mcp-hintcheck', 'history.db');
    const store = HistoryStore.open(place);
    try {
      store.insert({ ...REPORT, generatedAt: new Date().toISOString() }, 'cli');
      expect(mode(join(place, '..'))).toBe('700');
      expect(mode(place)).toBe('600');
      // The connection is open: WAL mode keeps both companions while it is.
      expect(mode(`${place}-wal`)).toBe('600');
      expect(mode(`${place}-shm`)).toBe('600');
      expect(store.notice).toBeNull();
    } finally {
      store.close();
    }
  });

  it('tightens an existing 0755 folder and 0644 files, says so in one line, and still opens', () => {
    const folder = join(tempDir(), 'mcp-hintcheck');
    const place = join(folder, 'history.db');
    HistoryStore.open(place).close();
    chmodSync(folder, 0o755);
    chmodSync(place, 0o644);
    writeFileSync(`${place}-wal`, '');
    chmodSync(`${place}-wal`, 0o644);
    writeFileSync(`${place}-shm`, '');
    chmodSync(`${place}-shm`, 0o666);
    const store = HistoryStore.open(place);
    try {
      expect([mode(folder), mode(place), mode(`${place}-wal`), mode(`${place}-shm`)]).toEqual([
        '700',
        '600',
        '600',
        '600',
      ]);
      expect(store.notice).toMatch(/^mcp-hintcheck: history .*history\.db: other users could read it; tightened /);
      expect(store.notice).toContain('the folder 755→700');
      expect(store.notice).toContain('history.db 644→600');
      expect(store.notice).toContain('history.db-wal 644→600');
      expect(store.notice).toContain('history.db-shm 666→600');
      expect(store.notice?.split('\n')).toHaveLength(1);
      expect(store.count()).toBe(0);
    } finally {
      store.close();
    }
    const again = HistoryStore.open(place);
    expect(again.notice).toBeNull();
    again.close();
  });

  it('never changes a folder that is not its own (--db in a shared folder), only its files', () => {
    const shared = join(tempDir(), 'shared');
    mkdirSync(shared, { mode: 0o755 });
    chmodSync(shared, 0o755);
    const place = join(shared, 'h.db');
    writeFileSync(place, '');
    chmodSync(place, 0o644);
    expect(secureHistoryPlace(place)).toBe(
      `mcp-hintcheck: history ${place}: other users could read it; tightened h.db 644→600.`,
    );
    expect(mode(shared)).toBe('755');
    expect(mode(place)).toBe('600');
    expect(existsSync(`${place}-wal`)).toBe(false);
  });
});
