// Paired comparison of CLI builds: is a start-up trick worth its code? Each round runs the raw floor
// (bench/raw-client.mjs) and `audit --json` of every build on server-everything, in a rotating order;
// a build's ratio is the median of its runs against the floor run beside it (the machine's speed
// drifts over seconds), and each build is compared with the first one pair by pair.
// Builds are snapshots of bin/, dist/ and bench/ kept under dist/builds/ (so node_modules resolves;
// a test run or a build cannot change them, and `node dist/builds/NAME/bench/cli.mjs` benches one):
//   node bench/compare-builds.mjs --save NAME           copy the current build there
//   node bench/compare-builds.mjs [runs] NAME NAME...   compare them (history and code cache on)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const builds = `${root}dist/builds/`;

if (process.argv[2] === '--save') {
  const name = process.argv[3];
  if (name === undefined || !/^[\w.-]+$/.test(name)) throw new Error('usage: --save NAME (letters, digits, . _ -)');
  rmSync(`${builds}${name}`, { recursive: true, force: true });
  cpSync(`${root}bin`, `${builds}${name}/bin`, { recursive: true });
  cpSync(`${root}dist/cli`, `${builds}${name}/dist/cli`, { recursive: true });
  cpSync(`${root}dist/demo-server.mjs`, `${builds}${name}/dist/demo-server.mjs`);
  cpSync(`${root}bench`, `${builds}${name}/bench`, { recursive: true });
  for (const file of ['test/fixtures/raw-stdio-server.mjs', 'package.json'])
    cpSync(`${root}${file}`, `${builds}${name}/${file}`);
  console.log(`saved dist/builds/${name}`);
  process.exit(0);
}

const numeric = /^\d+$/.test(process.argv[2] ?? '');
const runs = numeric ? Number(process.argv[2]) : 21;
const names = process.argv.slice(numeric ? 3 : 2);
if (names.length < 2) throw new Error('usage: node bench/compare-builds.mjs [runs] NAME NAME... (at least two)');
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-compare-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const everything = [
  process.execPath,
  require.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
  'stdio',
];
const floor = { label: 'raw floor', args: [`${root}bench/raw-client.mjs`, ...everything], env: {} };
const clients = names.map((name) => ({
  label: name,
  // --listen 0: the host-like window after the lists is waiting, which no start-up trick changes.
  args: [`${builds}${name}/bin/mcp-hintcheck.cjs`, 'audit', '--json', '--listen', '0', '--', ...everything],
  env: {
    HINTCHECK_DB: join(scratch, `${name}.db`),
    HINTCHECK_COMPILE_CACHE: join(scratch, `${name}-cache`),
  },
}));

/** Wall time of one run, and the CPU time of the process itself (bench/cpu-usage.cjs, preloaded). */
function time(client) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['-r', `${root}bench/cpu-usage.cjs`, ...client.args], {
    cwd: root,
    env: { ...process.env, ...client.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 && result.status !== 4)
    throw new Error(`${client.label} exited ${result.status}: ${result.stderr}`);
  const cpu = Number(/bench-cpu-ms ([\d.]+)/.exec(result.stderr)?.[1] ?? NaN);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpu };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const loadAtStart = loadavg()[0];
for (const client of [floor, ...clients]) time(client); // file cache, code cache, history file
const ratios = clients.map(() => []);
const ms = clients.map(() => []);
const cpu = clients.map(() => []);
// Each build takes every place in the round (index rotates), and the floor's side of the pair flips
// once per full rotation, not every round: flipping it every round tied it to the place (with two
// builds, the first named always ran floor-first in first place), and the build named second came out
// about 4 % slower whichever it was (2026-12-02: 1.038 one way, 1.048 the other).
for (let round = 0; round < runs; round++) {
  const floorFirst = Math.floor(round / clients.length) % 2 === 0;
  for (let k = 0; k < clients.length; k++) {
    const index = (round + k) % clients.length;
    const pair = floorFirst ? [floor, clients[index]] : [clients[index], floor];
    const [a, b] = pair.map(time);
    const [own, beside] = floorFirst ? [b, a] : [a, b];
    ms[index].push(own.ms);
    cpu[index].push(own.cpu);
    ratios[index].push(own.ms / beside.ms);
  }
}
console.log(
  `${runs} rounds · load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end · ${new Date().toISOString()}`,
);
// Own CPU time (the CLI process, not the server) moves far less with the machine's load than wall time.
console.log(
  '| build | median ms | ratio to floor (median of pairs) | against the first (median of round ratios) | own CPU ms (median) | CPU against the first (median of round ratios) |',
);
console.log('|---|---:|---:|---:|---:|---:|');
clients.forEach((client, index) => {
  const against = median(ratios[index].map((ratio, round) => ratio / ratios[0][round]));
  const cpuAgainst = median(cpu[index].map((value, round) => value / cpu[0][round]));
  console.log(
    `| ${client.label} | ${median(ms[index]).toFixed(1)} | ${median(ratios[index]).toFixed(3)}x | ${against.toFixed(3)} | ${median(cpu[index]).toFixed(0)} | ${cpuAgainst.toFixed(3)} |`,
  );
});
