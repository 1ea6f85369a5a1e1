// CLI benchmarks, reproducible: medians over N runs, measured in one run on this machine.
//   1. cold start: `mcp-hintcheck --version` against bare `node -e ""` (the floor).
//   2. the demo audit end to end (spawn, initialize, 2 pages, report, kill).
//   3. a 5,000-tool paged server (raw fixture `many`, 50 pages of 100), end to end.
//   4. peak RSS of the CLI on that 5,000-tool audit.
// Usage: node bench/cli.mjs [runs]   (npm run bench builds the CLI first)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 15);
const cli = `${root}bin/mcp-hintcheck.mjs`;
const fixture = `${root}test/fixtures/raw-stdio-server.mjs`;

function time(args, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0 && result.status !== 4)
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function measure(label, args, env) {
  time(args, env); // warm the file cache
  const samples = Array.from({ length: runs }, () => time(args, env));
  return { label, median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
}

const rows = [
  measure('node -e "" (floor)', ['-e', '']),
  measure('mcp-hintcheck --version', [cli, '--version']),
  measure('mcp-hintcheck audit --demo (16 tools, 2 pages)', [cli, 'audit', '--demo', '--json']),
  measure(
    'mcp-hintcheck audit, 5,000 tools in 50 pages',
    [cli, 'audit', '--json', '--', process.execPath, fixture, 'many'],
    { FIXTURE_TOOLS: '5000', FIXTURE_PAGE_SIZE: '100' },
  ),
];

const rss = spawnSync(
  '/usr/bin/time',
  ['-f', '%M', process.execPath, cli, 'audit', '--json', '--', process.execPath, fixture, 'many'],
  {
    cwd: root,
    env: { ...process.env, FIXTURE_TOOLS: '5000', FIXTURE_PAGE_SIZE: '100' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  },
);
const peakKiB = Number(rss.stderr.trim().split('\n').pop());

console.log(`node ${process.version} · ${runs} runs each · ${new Date().toISOString()}`);
console.log('| what | median ms | min | max |');
console.log('|---|---:|---:|---:|');
for (const row of rows)
  console.log(`| ${row.label} | ${row.median.toFixed(1)} | ${row.min.toFixed(1)} | ${row.max.toFixed(1)} |`);
const [floor, version] = rows;
console.log(
  `\ncold start over the node floor: ${(version.median - floor.median).toFixed(1)} ms (ratio ${(version.median / floor.median).toFixed(2)}x)`,
);
if (Number.isFinite(peakKiB))
  console.log(`peak RSS of the CLI auditing 5,000 tools: ${(peakKiB / 1024).toFixed(1)} MiB`);
