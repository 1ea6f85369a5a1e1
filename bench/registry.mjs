// Registry run benchmark: `mcp-hintcheck registry` over the loopback registry fixture
// (test/fixtures/registry-server.mjs, only its pkg-NNN entries: servers that answer, no hang or flood
// to wait for), at concurrency 1, 2 and 4, each on a fresh run file. Servers per minute are timed from
// the run's "planned" event to its "done" event (NDJSON on stdout), so the CLI's start and the
// registry's pages are left out. The CPU of a run is its whole process tree's (the CLI and every
// server it started and reaped, from sh's `times`); the CPU each audit takes is that minus a run of
// the same entries that are all already in the run file (start, pages, plan: the resume path), over
// the number of servers. The fixture server's own share (one Node start answering initialize and
// tools/list, measured alone) is shown apart: a published server started by `npx -y` costs more.
// The three concurrencies rotate order each round; medians over the rounds, measured in one run.
// Usage: node bench/registry.mjs [rounds] [servers]   (needs the built CLI: npm run build:cli)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRegistryFixture } from '../test/fixtures/registry-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv[2] ?? 3);
const servers = Number(process.argv[3] ?? 40);
const CONCURRENCIES = [1, 2, 4];
const node = process.execPath;
const cli = join(root, 'bin/mcp-hintcheck.cjs');
const packageServer = join(root, 'test/fixtures/registry/package-server.mjs');
const home = mkdtempSync(join(tmpdir(), 'hintcheck-bench-registry-'));
const env = { PATH: process.env.PATH, HOME: home, NO_COLOR: '1' };

/** Runs argv under sh, answering its stdout lines as they come, its exit code and its tree's CPU (ms). */
function timed(argv, { input, onLine } = {}) {
  const timesFile = join(home, `times-${process.hrtime.bigint()}`);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', '"$@"; rc=$?; times > "$TIMES_FILE"; exit $rc', 'sh', ...argv], {
      cwd: home,
      env: { ...env, TIMES_FILE: timesFile },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const now = performance.now();
      stdout += chunk;
      let newline;
      while ((newline = stdout.indexOf('\n')) !== -1) {
        const line = stdout.slice(0, newline);
        stdout = stdout.slice(newline + 1);
        onLine?.(line, now);
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end(input ?? '');
    child.on('error', reject);
    child.on('close', (code) => {
      // `times`: the shell's user and system time, then its children's (the line we want).
      const values = [...readFileSync(timesFile, 'utf8').matchAll(/(\d+)m([\d.]+)s/g)].map(
        (match) => (Number(match[1]) * 60 + Number(match[2])) * 1000,
      );
      rmSync(timesFile, { force: true });
      if (values.length < 4) reject(new Error(`no times from sh: ${stderr.slice(-300)}`));
      else resolve({ code, cpuMs: values[2] + values[3], stderr });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One registry run; its servers per minute between the planned and done events, and its CPU. */
async function registryRun(url, runFile, concurrency) {
  let planned = null;
  let done = null;
  let rows = 0;
  let failed = 0;
  const run = await timed(
    [
      node,
      cli,
      'registry',
      url,
      '--run-file',
      runFile,
      '--concurrency',
      String(concurrency),
      '--timeout',
      '30000',
      '--cache-dir',
      join(home, 'cache'),
      '--package-runner',
      `npm=${node} ${packageServer}`,
    ],
    {
      onLine: (line, now) => {
        const event = JSON.parse(line);
        if (event.type === 'planned') planned = now;
        if (event.type === 'progress') rows += 1;
        if (event.type === 'done') {
          done = now;
          failed = event.failed;
        }
      },
    },
  );
  if (run.code !== 0 || failed > 0) throw new Error(`registry exited ${run.code}, ${failed} failed: ${run.stderr}`);
  return { ms: planned === null || done === null ? NaN : done - planned, rows, cpuMs: run.cpuMs };
}

/** The fixture server alone: a Node start that answers initialize and tools/list, then stdin ends. */
async function serverAlone() {
  const input = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ]
    .map((message) => `${JSON.stringify(message)}\n`)
    .join('');
  const run = await timed([node, packageServer, '@fixture/pkg-007@1.0.0'], { input });
  return run.cpuMs;
}

const fixture = await startRegistryFixture({ packages: servers, extras: false });
try {
  const load = loadavg()[0].toFixed(2);
  // Warm the file cache (the CLI bundle, Node, the fixture server) with one small run.
  await registryRun(fixture.url, join(home, 'warm.ndjson'), 4);
  const results = Object.fromEntries(CONCURRENCIES.map((c) => [c, { perMinute: [], cpuPerAudit: [] }]));
  const baseline = [];
  for (let round = 0; round < rounds; round++) {
    const order = CONCURRENCIES.map((_, i) => CONCURRENCIES[(i + round) % CONCURRENCIES.length]);
    for (const concurrency of order) {
      const runFile = join(home, `run-${round}-${concurrency}.ndjson`);
      const run = await registryRun(fixture.url, runFile, concurrency);
      if (run.rows !== servers) throw new Error(`expected ${servers} rows, got ${run.rows}`);
      // The same run file again: every entry skipped, so the CLI's start, the pages and the plan alone.
      const again = await registryRun(fixture.url, runFile, concurrency);
      if (again.rows !== 0) throw new Error('the second run audited again');
      baseline.push(again.cpuMs);
      results[concurrency].perMinute.push((servers / run.ms) * 60_000);
      results[concurrency].cpuPerAudit.push((run.cpuMs - again.cpuMs) / servers);
    }
  }
  const alone = [];
  for (let i = 0; i < 11; i++) alone.push(await serverAlone());
  const serverMs = median(alone);
  console.log(
    `Node ${process.version}, ${servers} fixture servers per run, ${rounds} rounds, load average ${load} at start (${loadavg()[0].toFixed(2)} at end)`,
  );
  console.log('concurrency | servers/min | CPU per audit (ms) | of which the fixture server | the audit itself');
  for (const concurrency of CONCURRENCIES) {
    const cpu = median(results[concurrency].cpuPerAudit);
    console.log(
      `${String(concurrency).padStart(11)} | ${median(results[concurrency].perMinute).toFixed(0).padStart(11)} | ${cpu.toFixed(0).padStart(18)} | ${serverMs.toFixed(0).padStart(27)} | ${(cpu - serverMs).toFixed(0).padStart(16)}`,
    );
  }
  console.log(
    `a run with nothing left to audit (start, ${servers} entries read, plan): ${median(baseline).toFixed(0)} ms CPU`,
  );
} finally {
  await fixture.close();
  rmSync(home, { recursive: true, force: true });
}
