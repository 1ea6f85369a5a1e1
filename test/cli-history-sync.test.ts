// A CLI audit saves to history without syncing the disk on its way out (lib/cli/save-history.ts):
// the commit stays in SQLite's write-ahead log instead of the four fsyncs that closing the last
// connection cost (checkpoint and deletion of the log); a later run checkpoints the log while it
// waits for its server once the log passes a megabyte, so the log does not grow from run to run.
// Built CLI, real SQLite file, the system calls of the whole process tree traced by strace; the
// audits are then read back by another process.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { LOG_CHECKPOINT_BYTES } from '../lib/server/history/store';
import { CLI, RAW_FIXTURE, ROOT } from './helpers';
import { scratchFolders } from './scratch-folders';

const STRACE = findExecutable('strace', process.env.PATH);
const scratch = scratchFolders('history-sync');

// One HOME for all runs: the first run also writes the CLI's code cache (synced; lib/cli/launcher.ts).
const HOME = scratch();
const env = (db: string) => ({
  NODE_ENV: 'test' as const,
  PATH: process.env.PATH ?? '',
  HOME,
  NO_COLOR: '1',
  HINTCHECK_DB: db,
});

/** One untraced audit of the raw fixture into `db`; `many` lists 1,500 tools (about 1.6 MB in the log). */
function auditInto(db: string, scenario: 'basic' | 'many'): void {
  execFileSync(
    process.execPath,
    [CLI, 'audit', '--json', '--listen', '0', '--env', 'FIXTURE_TOOLS', '--', process.execPath, RAW_FIXTURE, scenario],
    {
      cwd: ROOT,
      env: { ...env(db), FIXTURE_TOOLS: '1500' },
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

/** How many audits another process reads back from `db`. */
function auditsIn(db: string): number {
  const listed = JSON.parse(
    execFileSync(process.execPath, [CLI, 'history', 'list', '--json'], { cwd: ROOT, env: env(db), encoding: 'utf8' }),
  ) as unknown[];
  return listed.length;
}

/** Runs the CLI under strace -f: the syncs and unlinks after the server was told to end, and its stdout. */
function traced(
  args: string[],
  db: string,
  log: string,
): { syncsAfterEnd: string[]; unlinksAfterEnd: string[]; stdout: string } {
  if (STRACE === null) throw new Error('strace is not installed');
  const stdout = execFileSync(
    STRACE,
    ['-f', '-qq', '-e', 'trace=fsync,fdatasync,unlink,unlinkat,kill', '-o', log, process.execPath, CLI, ...args],
    { cwd: ROOT, env: env(db), encoding: 'utf8', timeout: 60_000 },
  );
  const lines = readFileSync(log, 'utf8').split('\n');
  const ended = lines.findIndex((line) => /\bkill\(-?\d+, SIGTERM\)/.test(line));
  expect(ended, 'the server was told to end').toBeGreaterThan(-1);
  return {
    syncsAfterEnd: lines.slice(ended).filter((line) => /\bf(data)?sync\(/.test(line)),
    unlinksAfterEnd: lines.slice(ended).filter((line) => line.includes(db)),
    stdout,
  };
}

describe.skipIf(STRACE === null)('history save without a disk sync (strace installed)', () => {
  it('an audit syncs nothing once its server is told to end; the audits are all there', () => {
    const dir = scratch();
    const db = join(dir, 'history.db');
    const audit = ['audit', '--json', '--listen', '0', '--', process.execPath, RAW_FIXTURE, 'basic'];
    for (let run = 0; run < 3; run++) {
      const result = traced(audit, db, join(dir, `run-${run}.log`));
      expect(JSON.parse(result.stdout)).toHaveProperty('tools');
      // The first run creates the file and writes the CLI's code cache (synced, lib/cli/launcher.ts).
      if (run > 0) expect(result.syncsAfterEnd, `run ${run}`).toEqual([]);
      expect(result.unlinksAfterEnd, `run ${run}`).toEqual([]);
    }
    expect(auditsIn(db)).toBe(3);
  }, 120_000);
});

describe('the write-ahead log a CLI audit leaves', () => {
  it('is checkpointed at the next opening once past a megabyte, so it is reused, not grown', () => {
    const dir = scratch();
    const db = join(dir, 'history.db');
    const sizes: number[] = [];
    for (let run = 0; run < 3; run++) {
      auditInto(db, 'many');
      sizes.push(statSync(`${db}-wal`).size);
    }
    expect(sizes[0]).toBeGreaterThan(LOG_CHECKPOINT_BYTES);
    // Each log holds one audit (the first also the file's creation): about the same size every time,
    // where a log that is never reused would hold two audits, then three.
    const [first = 0, second = 0, third = 0] = sizes;
    expect(second).toBeLessThanOrEqual(first * 1.02);
    expect(Math.abs(third - second)).toBeLessThan(second * 0.02);
    expect(statSync(db).size).toBeGreaterThan(2 * LOG_CHECKPOINT_BYTES);
  }, 120_000);
});

describe('the write-ahead log after a checkpoint', () => {
  it('is cut back to a megabyte, so the small audits that follow do not checkpoint again', () => {
    const dir = scratch();
    const db = join(dir, 'history.db');
    auditInto(db, 'many');
    expect(statSync(`${db}-wal`).size).toBeGreaterThan(LOG_CHECKPOINT_BYTES);
    // Its opening checkpoints the large log; its commit starts the log again, cut back to the limit.
    auditInto(db, 'basic');
    expect(statSync(`${db}-wal`).size).toBeLessThanOrEqual(LOG_CHECKPOINT_BYTES);
    // In WAL mode only a checkpoint writes the file itself: a small audit now leaves it as it was.
    const file = readFileSync(db);
    auditInto(db, 'basic');
    expect(readFileSync(db).equals(file)).toBe(true);
    expect(auditsIn(db)).toBe(3);
  }, 120_000);
});
