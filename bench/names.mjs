// Name matching at scale (issue 48): a stdio server listing 10,000 tools whose names are outside the
// spec's characters ("outil é-00001", each description naming the next), audited by each build named;
// the CPU time of the CLI process alone (user + system, read by a preloaded hook at its exit; the
// server's own time is left out), median over the rounds, the order rotated every round. Before the
// combined matcher each odd name was a RegExp tested against every tool's prose (quadratic).
// Usage: node bench/names.mjs ROUNDS LABEL=FOLDER [LABEL=FOLDER ...]
//   each FOLDER holds bin/ and dist/ (a worktree after `npm run build:cli`, or a copy of the two
//   beside a node_modules link), as bench/compare-builds.mjs takes them; the first is the reference.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [roundsText, ...specs] = process.argv.slice(2);
const rounds = Number(roundsText);
if (!(rounds > 0) || specs.length < 1 || specs.some((spec) => !spec.includes('='))) {
  console.error('usage: node bench/names.mjs ROUNDS LABEL=FOLDER [LABEL=FOLDER ...]');
  process.exit(2);
}
const TOOLS = 10_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const server = [process.execPath, join(root, 'test/fixtures/raw-stdio-server.mjs'), 'many'];
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-names-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const hook = join(scratch, 'cpu-hook.cjs');
writeFileSync(
  hook,
  `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeFileSync(process.env.NAMES_CPU_FILE, String((u.user + u.system) / 1000)); });\n`,
);
const builds = specs.map((spec, index) => {
  const [label, folder] = spec.split('=');
  const cpuFile = join(scratch, `cpu-${index}`);
  const env = {
    ...process.env,
    HINTCHECK_COMPILE_CACHE: join(scratch, `cache-${index}`),
    NAMES_CPU_FILE: cpuFile,
  };
  const cli = join(resolve(folder), 'bin/mcp-hintcheck.cjs');
  const args = ['--require', hook, cli, 'audit', '--json', '--capabilities', 'none', '--no-history'];
  args.push('--env', `FIXTURE_TOOLS=${TOOLS}`, '--env', 'FIXTURE_ODD_NAMES=1');
  args.push('--', ...server);
  return { label, env, args, cpuFile, times: [] };
});

function cpu(build) {
  const run = spawnSync(process.execPath, build.args, { env: build.env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`${build.label} exited ${run.status}: ${run.stderr}${run.stdout.slice(0, 2000)}`);
  const tools = JSON.parse(run.stdout).tools?.length;
  if (tools !== TOOLS) throw new Error(`${build.label} audited ${tools} tools, not ${TOOLS}`);
  return Number(readFileSync(build.cpuFile, 'utf8'));
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (const build of builds) cpu(build);
for (let round = 0; round < rounds; round++) {
  const shift = round % builds.length;
  for (const build of [...builds.slice(shift), ...builds.slice(0, shift)]) build.times.push(cpu(build));
}
const [reference] = builds;
console.log(
  `Node ${process.version}, ${rounds} rounds, ${TOOLS} odd tool names, load average ${loadavg()[0].toFixed(2)}`,
);
for (const build of builds) {
  const ratio = median(build.times.map((ms, round) => ms / reference.times[round]));
  console.log(
    `${build.label.padEnd(16)} ${median(build.times).toFixed(0).padStart(8)} ms CPU   ${ratio.toFixed(3)} of ${reference.label}`,
  );
}
