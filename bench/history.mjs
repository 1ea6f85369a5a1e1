/* global document, requestAnimationFrame -- the timed code runs in the page */
// History benchmarks, medians measured in one run on this machine:
//   1. what saving to history adds to a CLI audit of server-everything: the same audit alternated
//      with --no-history and with --db (a fresh file each run, so every run creates, migrates and
//      writes it: the worst case), and the ratio of the medians;
//   2. the dashboard's History view with 1,000 saved audits of one server (copies of a real
//      server-everything audit): from Refresh to the rows painted, and scrolling the list top to
//      bottom in 40 steps, each step timed to its next painted frame.
// Usage: npm run build && node bench/history.mjs [runs]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { startDashboard } from '../scripts/start-dashboard.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 15);
const cli = join(root, 'bin/mcp-hintcheck.cjs');
const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'hintcheck-bench-history-'));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

function audit(historyArgs) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [cli, 'audit', '--fail-on', 'none', '--json', ...historyArgs, '--', process.execPath, everything, 'stdio'],
    { cwd: root, env: { ...process.env, HINTCHECK_DB: 'off' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`audit exited ${result.status}: ${result.stderr}`);
  return ms;
}

// 1. CLI: alternate so all three see the same machine load.
const kept = join(dir, 'kept.db');
audit(['--no-history']);
audit(['--db', kept]);
const without = [];
const existing = [];
const fresh = [];
for (let i = 0; i < runs; i++) {
  without.push(audit(['--no-history']));
  existing.push(audit(['--db', kept]));
  fresh.push(audit(['--db', join(dir, `run-${i}.db`)]));
}
const added = (values) =>
  `${median(values).toFixed(0)} ms, +${((median(values) / median(without) - 1) * 100).toFixed(1)}%`;
console.log(
  `CLI audit of server-everything, median of ${runs}: --no-history ${median(without).toFixed(0)} ms; saving to an existing history ${added(existing)}; to a new file (created and migrated) ${added(fresh)}`,
);

// 2. The History view with 1,000 audits.
const db = join(dir, 'thousand.db');
audit(['--db', db]);
const sqlite = new Database(db);
const columns =
  'server_id, created_at, report_hash, report_json, conditions_json, server_name, server_version, tools, read_only, destructive, open_world, unannotated, worst_severity, worst_flag, complete';
while (sqlite.prepare('SELECT COUNT(*) AS n FROM audits').get().n < 1000) {
  const n = sqlite.prepare('SELECT COUNT(*) AS n FROM audits').get().n;
  sqlite
    .prepare(`INSERT INTO audits (${columns}) SELECT ${columns} FROM audits ORDER BY id LIMIT ?`)
    .run(Math.min(n, 1000 - n));
}
const reportBytes = sqlite.prepare('SELECT length(report_json) AS b FROM audits LIMIT 1').get().b;
sqlite.close();

process.env.HINTCHECK_DB = db;
const dashboard = await startDashboard(3291, 'bench-token-history-0123456789ab');
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(dashboard.url);
  await page.getByTestId('history-audit').first().waitFor({ timeout: 60_000 });
  const renders = [];
  const steps = [];
  for (let i = 0; i < runs; i++) {
    renders.push(
      await page.evaluate(async () => {
        const list = () => document.querySelector('[data-testid="history-audits"]');
        const t0 = performance.now();
        document.querySelector('[data-testid="history-refresh"]').click();
        // Refresh fetches the servers, then the 1,000 audits, then renders: wait until the list is no longer busy.
        while (list()?.getAttribute('data-loading') !== 'false') {
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return performance.now() - t0;
      }),
    );
    steps.push(
      ...(await page.evaluate(async () => {
        const list = document.querySelector('[data-testid="history-audits"]');
        const times = [];
        list.scrollTop = 0;
        for (let step = 1; step <= 40; step++) {
          const t0 = performance.now();
          list.scrollTop = (list.scrollHeight * step) / 40;
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          times.push(performance.now() - t0);
        }
        return times;
      })),
    );
  }
  // The floor: a frame with nothing to do, on this machine under its current load.
  const idle = await page.evaluate(async () => {
    const times = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      times.push(performance.now() - t0);
    }
    return times;
  });
  const listed = await page.getByTestId('history-server').textContent();
  const domRows = await page.getByTestId('history-audit').count();
  console.log(
    `History view, 1,000 audits (${(reportBytes / 1024).toFixed(0)} KiB report each; ${domRows} rows in the DOM; ${listed.trim().slice(-8)}): refresh to painted ${median(renders).toFixed(0)} ms median; scroll step to next frame ${median(steps).toFixed(1)} ms median, ${percentile(steps, 0.95).toFixed(1)} ms p95 (${steps.length} steps); an idle frame ${median(idle).toFixed(1)} ms median, ${percentile(idle, 0.95).toFixed(1)} ms p95`,
  );
} finally {
  await browser.close();
  dashboard.stop();
}
