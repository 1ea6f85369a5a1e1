#!/usr/bin/env node
// How to give space back after `history prune` / `history delete`: measured on a history file the
// size of a developer's (about 7,000 audits of server-everything, ~217 MB), comparing
//   delete only        DELETE, nothing reclaimed (the file keeps its size, pages go on the free list)
//   delete + VACUUM    DELETE, then VACUUM (rewrites the file with the rows that remain)
//   incremental        the file in auto_vacuum=INCREMENTAL mode (a one-time VACUUM to convert),
//                      DELETE, then PRAGMA incremental_vacuum
// for a large prune (keep 10 per server) and a small one (keep 1,500 of 1,750 per server). Each
// strategy runs on its own copy of the same file; the WAL is checkpointed (TRUNCATE) before sizes
// are read. Figures: docs/history.md. Usage: npm run build:cli && node bench/history-prune.mjs [AUDITS]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const Database = createRequire(import.meta.url)('better-sqlite3');
const AUDITS = Number.parseInt(process.argv[2] ?? '7000', 10);
const SERVERS = 4;
const dir = mkdtempSync(join(tmpdir(), 'hintcheck-prune-'));

try {
  // One real audit of a published server, saved by the CLI, then copied to AUDITS rows.
  const seed = join(dir, 'seed.db');
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'bin/mcp-hintcheck.cjs'),
      'audit',
      '--fail-on',
      'none',
      '--db',
      seed,
      '--',
      process.execPath,
      join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
      'stdio',
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`seed audit failed: ${run.stderr}`);
  const db = new Database(seed);
  for (let s = 2; s <= SERVERS; s++)
    db.prepare('INSERT INTO servers (identity, transport) VALUES (?, ?)').run(`server-${s}`, 'stdio');
  const copy = db.prepare(
    `INSERT INTO audits (server_id, created_at, report_hash, report_json, conditions_json, server_name, server_version,
       tools, read_only, destructive, open_world, unannotated, worst_severity, worst_flag, complete)
     SELECT ?, created_at, report_hash, report_json, conditions_json, server_name, server_version, tools, read_only,
       destructive, open_world, unannotated, worst_severity, worst_flag, complete FROM audits WHERE id = 1`,
  );
  db.transaction(() => {
    for (let i = 1; i < AUDITS; i++) copy.run((i % SERVERS) + 1);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();

  const size = (file) => {
    const wal = `${file}-wal`;
    let bytes = statSync(file).size;
    try {
      bytes += statSync(wal).size;
    } catch {
      // no WAL
    }
    return bytes;
  };
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const prune = (handle, keep) =>
    handle
      .prepare(
        `DELETE FROM audits WHERE id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY server_id ORDER BY id DESC) AS n FROM audits) WHERE n > ?)`,
      )
      .run(keep).changes;

  console.log(`history file: ${AUDITS} audits over ${SERVERS} servers, ${mb(size(seed))}`);
  for (const keep of [10, Math.floor(((AUDITS / SERVERS) * 6) / 7)]) {
    for (const strategy of ['delete only', 'delete + VACUUM', 'incremental']) {
      const file = join(dir, 'work.db');
      copyFileSync(seed, file);
      const handle = new Database(file);
      handle.pragma('journal_mode = WAL');
      handle.pragma('synchronous = NORMAL');
      let convertMs = null;
      if (strategy === 'incremental') {
        const start = performance.now();
        handle.pragma('auto_vacuum = INCREMENTAL');
        handle.exec('VACUUM');
        convertMs = performance.now() - start;
      }
      const start = performance.now();
      const deleted = prune(handle, keep);
      const deleteMs = performance.now() - start;
      const reclaimStart = performance.now();
      if (strategy === 'delete + VACUUM') handle.exec('VACUUM');
      if (strategy === 'incremental') handle.pragma('incremental_vacuum');
      handle.pragma('wal_checkpoint(TRUNCATE)');
      const reclaimMs = performance.now() - reclaimStart;
      const after = size(file);
      handle.close();
      rmSync(file, { force: true });
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-shm`, { force: true });
      console.log(
        `keep ${String(keep).padStart(4)}/server (${String(deleted).padStart(4)} deleted)  ${strategy.padEnd(16)} delete ${deleteMs.toFixed(0).padStart(5)} ms  reclaim ${reclaimMs.toFixed(0).padStart(5)} ms  file ${mb(after)}${convertMs === null ? '' : `  (one-time conversion ${convertMs.toFixed(0)} ms)`}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
