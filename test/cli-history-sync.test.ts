// A CLI audit saves to history without syncing the disk (lib/cli/save-history.ts): the commit stays
// in SQLite's write-ahead log, which the next opening reads, instead of the four fsyncs that closing
// the last connection cost (checkpoint and deletion of the log). Built CLI, real SQLite file, the
// system calls of the whole process tree counted by strace; both audits are then read back by
// another process.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { CLI, RAW_FIXTURE, ROOT } from './helpers';

const STRACE = findExecutable('strace', process.env.PATH);
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-history-sync-'));
  temp.push(dir);
  return dir;
}

const env = (db: string) => ({
  NODE_ENV: 'test' as const,
  PATH: process.env.PATH ?? '',
  HOME: scratch(),
  NO_COLOR: '1',
  HINTCHECK_DB: db,
});

/** Runs the CLI under strace -f; the syncs and unlinks it made, and its stdout. */
function traced(args: string[], db: string, log: string): { syncs: string[]; unlinks: string[]; stdout: string } {
  if (STRACE === null) throw new Error('strace is not installed');
  const stdout = execFileSync(
    STRACE,
    ['-f', '-qq', '-e', 'trace=fsync,fdatasync,unlink,unlinkat', '-o', log, process.execPath, CLI, ...args],
    { cwd: ROOT, env: env(db), encoding: 'utf8', timeout: 60_000 },
  );
  const lines = readFileSync(log, 'utf8').split('\n');
  return {
    syncs: lines.filter((line) => /\bf(data)?sync\(/.test(line)),
    unlinks: lines.filter((line) => line.includes(db)),
    stdout,
  };
}

describe.skipIf(STRACE === null)('history save without a disk sync (strace installed)', () => {
  it('an audit saves with no fsync and leaves the log for the next opening, which reads the audit', () => {
    const dir = scratch();
    const db = join(dir, 'history.db');
    const audit = ['audit', '--json', '--listen', '0', '--', process.execPath, RAW_FIXTURE, 'basic'];
    // The first run creates the file (its schema is written and synced once); the second is timed.
    traced(audit, db, join(dir, 'first.log'));
    const second = traced(audit, db, join(dir, 'second.log'));
    expect(JSON.parse(second.stdout)).toHaveProperty('tools');
    expect(second.syncs).toEqual([]);
    expect(second.unlinks).toEqual([]);
    expect(existsSync(`${db}-wal`)).toBe(true);
    const listed = JSON.parse(
      execFileSync(process.execPath, [CLI, 'history', 'list', '--json'], { cwd: ROOT, env: env(db), encoding: 'utf8' }),
    ) as unknown[];
    expect(listed).toHaveLength(2);
  }, 120_000);
});
