// Two or more builds of the CLI paired on the same audit: how a speed trick earns its place.
// Each build is a folder holding bin/ and dist/ (a worktree after `npm run build:cli`, or a copy of
// those two folders beside a node_modules link); the first one named is the reference. Rounds rotate
// the order, every build gets a compile cache of its own (warmed by two runs first), and a ratio is
// the median of the per-round ratios to the reference, so the machine's drift over seconds cancels.
// Usage: node bench/compare-builds.mjs ROUNDS LABEL=FOLDER LABEL=FOLDER [...] [-- audit options]
//   default audit options: --json --listen 0 --capabilities none --no-history
// The audited server is server-everything (stdio), run by the same Node as the bench.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [roundsText, ...rest] = process.argv.slice(2);
const dash = rest.indexOf('--');
const specs = dash === -1 ? rest : rest.slice(0, dash);
const options =
  dash === -1 ? ['--json', '--listen', '0', '--capabilities', 'none', '--no-history'] : rest.slice(dash + 1);
const rounds = Number(roundsText);
if (!(rounds > 0) || specs.length < 2 || specs.some((spec) => !spec.includes('='))) {
  console.error('usage: node bench/compare-builds.mjs ROUNDS LABEL=FOLDER LABEL=FOLDER [...] [-- audit options]');
  process.exit(2);
}
const server = [
  process.execPath,
  createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js'),
  'stdio',
];
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-compare-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const builds = specs.map((spec, index) => {
  const [label, folder] = spec.split('=');
  const env = { ...process.env, HINTCHECK_COMPILE_CACHE: join(scratch, `cache-${index}`) };
  const args = [join(resolve(folder), 'bin/mcp-hintcheck.cjs'), 'audit', ...options, '--', ...server];
  return { label, env, args, times: [] };
});

function wall(build) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, build.args, { env: build.env, encoding: 'utf8', maxBuffer: 1 << 26 });
  // 1: the gate (--fail-on high, the default since issue 49): the audit itself was done.
  if (run.status !== 0 && run.status !== 1) throw new Error(`${build.label} exited ${run.status}: ${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (const build of builds) for (let warm = 0; warm < 2; warm++) wall(build);
for (let round = 0; round < rounds; round++) {
  const shift = round % builds.length;
  for (const build of [...builds.slice(shift), ...builds.slice(0, shift)]) build.times.push(wall(build));
}
const [reference] = builds;
console.log(
  `Node ${process.version}, ${rounds} rounds, load average ${loadavg()[0].toFixed(2)}, audit ${options.join(' ')}`,
);
for (const build of builds) {
  const ratio = median(build.times.map((ms, round) => ms / reference.times[round]));
  console.log(
    `${build.label.padEnd(16)} ${median(build.times).toFixed(1).padStart(8)} ms   ${ratio.toFixed(3)} of ${reference.label}`,
  );
}
