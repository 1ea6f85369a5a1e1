// Where the CLI's time goes against the raw host client (issue 21): both run `--listen 0` on
// server-everything with bench/segments-hook.cjs preloaded, alternately, and each run is cut into
// segments: Node's start to the preload, to the spawn, the server's boot (spawn to its first answer),
// the handshake and lists (first answer to the last list answer), to SIGTERM, to the process's own
// exit, and its teardown (exit to gone, seen by this script). Medians per segment, and the difference.
// A slower boot of the same server means the client's own work competed with it for the machine.
// --busy N first starts N idle processes (`sleep`, ended by PID at the exit): a desktop runs 300 to
// 800, and the CLI's end of a server reads /proc/PID/stat of every process (lib/server/process/reaper.ts).
// --pin (Linux, taskset) runs each client on CPU 1 and its server on CPU 0: what the CLI costs when
// its own start-up work does not compete with the server's boot for the cores.
// Usage: npm run build:cli && node bench/cli-segments.mjs [runs] [--busy N] [--pin]
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const busyAt = process.argv.indexOf('--busy');
const busy = busyAt === -1 ? 0 : Number(process.argv[busyAt + 1]);
const runs = Number(
  process.argv.slice(2).find((arg, index, all) => /^\d+$/.test(arg) && all[index - 1] !== '--busy') ?? 15,
);
const sleepers = Array.from({ length: busy }, () => spawn('sleep', ['3600'], { stdio: 'ignore' }));
for (const sleeper of sleepers) sleeper.unref();
process.on('exit', () => {
  for (const sleeper of sleepers) sleeper.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const pin = process.argv.includes('--pin');
const everything = [
  ...(pin ? ['taskset', '-c', '0'] : []),
  process.execPath,
  require.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
  'stdio',
];
const clients = {
  'raw host client': [`${root}bench/raw-full-client.mjs`, '--host', '--listen', '0', ...everything],
  'audit --json --listen 0': [`${root}bin/mcp-hintcheck.cjs`, 'audit', '--json', '--listen', '0', '--', ...everything],
};
const SEGMENTS = [
  ['Node start to preload', (m) => m.preload - m.origin],
  ['preload to spawn', (m) => m.spawn - m.preload],
  ['server boot (spawn to first answer)', (m) => m.firstAnswer - m.spawn],
  ['handshake and lists', (m) => m.lastList - m.firstAnswer],
  ['last list to SIGTERM', (m) => m.sigterm - m.lastList],
  ['SIGTERM to own exit', (m) => m.exit - m.sigterm],
  ['teardown (exit to gone)', (m, ended) => ended - m.exit],
  ['total', (m, ended, started) => ended - started],
];
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const samples = Object.fromEntries(Object.keys(clients).map((name) => [name, SEGMENTS.map(() => [])]));
const loadAtStart = loadavg()[0];
for (let round = 0; round <= runs; round++) {
  const order = round % 2 === 0 ? Object.keys(clients) : Object.keys(clients).reverse();
  for (const name of order) {
    const started = performance.timeOrigin + performance.now();
    const node = ['-r', `${root}bench/segments-hook.cjs`, ...clients[name]];
    const result = spawnSync(pin ? 'taskset' : process.execPath, pin ? ['-c', '1', process.execPath, ...node] : node, {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const ended = performance.timeOrigin + performance.now();
    const line = /bench-segments (.*)/.exec(result.stderr)?.[1];
    if (result.status !== 0 || line === undefined) throw new Error(`${name} failed: ${result.stderr}`);
    if (round === 0) continue; // warm-up: file cache, code cache, history file
    const marks = JSON.parse(line);
    SEGMENTS.forEach(([, of], index) => samples[name][index].push(of(marks, ended, started)));
  }
}
const [raw, cli] = Object.keys(clients);
console.log(
  `${runs} runs each, alternating${busy > 0 ? ` · ${busy} idle processes started first` : ''}${pin ? ' · clients on CPU 1, servers on CPU 0' : ''} · load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end · ${new Date().toISOString()}`,
);
console.log(`| segment (median ms) | ${raw} | ${cli} | difference |`);
console.log('|---|---:|---:|---:|');
SEGMENTS.forEach(([label], index) => {
  const a = median(samples[raw][index]);
  const b = median(samples[cli][index]);
  console.log(`| ${label} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b - a).toFixed(1)} |`);
});
