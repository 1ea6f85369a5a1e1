// `npm run bench`: the CLI's performance guard, two paired comparisons on
// @modelcontextprotocol/server-everything (stdio), medians measured in one run on this machine.
//   1. `mcp-hintcheck audit --json --listen 0 --capabilities none` against the protocol floor
//      (bench/raw-client.mjs: initialize and tools/list piped into the same server, no SDK).
//   2. The default audit (`audit --json`) against the official MCP Inspector CLI's
//      `--method tools/list`, installed into a temporary folder of its own (INSPECTOR_CLI names
//      another build of it; never a dependency of this project).
// Paired: each run of a client sits next to a run of what it is compared with (which one goes first
// alternates), and a ratio is the median of the per-pair ratios, so the machine's drift over seconds
// cancels. Two identical builds measure within about ±3 % of each other this way on a 2-core machine.
// The CLI runs as a user's would (history and compile cache on) on a history file and cache of its
// own in a temporary folder, warmed by one run first.
// Usage: node bench/cli.mjs [pairs]   (npm run bench builds the CLI first)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const pairs = Number(process.argv[2] ?? 21);
const cli = `${root}bin/mcp-hintcheck.cjs`;
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-bench-'));
process.env.HINTCHECK_DB = join(scratch, 'history.db');
process.env.HINTCHECK_COMPILE_CACHE = join(scratch, 'compile-cache');
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const everything = [
  process.execPath,
  require.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
  'stdio',
];

/** The Inspector CLI's entry: INSPECTOR_CLI, else a temporary install (npm registry, once per machine). */
function inspectorCli() {
  if (process.env.INSPECTOR_CLI) return process.env.INSPECTOR_CLI;
  const prefix = join(tmpdir(), 'hintcheck-inspector');
  // `npx @modelcontextprotocol/inspector --cli …` runs this entry (the standalone inspector-cli 1.x
  // package is deprecated and no longer starts on its own).
  const entry = join(prefix, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
  if (!existsSync(entry)) {
    const installed = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '@modelcontextprotocol/inspector@2'],
      { stdio: 'inherit' },
    );
    if (installed.status !== 0) return null;
  }
  return entry;
}

function wall(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** `pairs` paired runs of `a` and `b`: their medians and the median of a/b per pair. */
function paired(a, b) {
  wall(a.args);
  wall(b.args);
  const times = { a: [], b: [], ratio: [] };
  for (let round = 0; round < pairs; round++) {
    const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
    const ms = { [first.key]: wall(first.args), [second.key]: wall(second.args) };
    times.a.push(ms.a);
    times.b.push(ms.b);
    times.ratio.push(ms.a / ms.b);
  }
  return { a: median(times.a), b: median(times.b), ratio: median(times.ratio) };
}

const cores = cpus();
console.log(
  `node ${process.version} · ${process.platform}/${process.arch} · ${cores.length} × ${cores[0]?.model.trim() ?? '?'} · load average ${loadavg()[0].toFixed(1)} · ${pairs} pairs · ${new Date().toISOString()}`,
);
const rows = [];
const floor = paired(
  {
    key: 'a',
    args: [cli, 'audit', '--fail-on', 'none', '--json', '--listen', '0', '--capabilities', 'none', '--', ...everything],
  },
  { key: 'b', args: [`${root}bench/raw-client.mjs`, ...everything] },
);
rows.push([
  'audit --json --listen 0 --capabilities none',
  floor.a,
  'raw client (initialize + tools/list)',
  floor.b,
  floor.ratio,
]);
const inspector = inspectorCli();
if (inspector === null) console.log('The Inspector CLI could not be installed: its comparison is not measured.');
else {
  const against = paired(
    { key: 'a', args: [cli, 'audit', '--fail-on', 'none', '--json', '--', ...everything] },
    { key: 'b', args: [inspector, '--cli', ...everything, '--method', 'tools/list'] },
  );
  rows.push([
    'audit --json (the default audit)',
    against.a,
    'Inspector CLI (`--cli`) --method tools/list',
    against.b,
    against.ratio,
  ]);
}
console.log('\n| mcp-hintcheck | median ms | against | median ms | ratio (median of pairs) |');
console.log('| --- | ---: | --- | ---: | ---: |');
for (const [label, a, other, b, ratio] of rows)
  console.log(`| ${label} | ${a.toFixed(0)} | ${other} | ${b.toFixed(0)} | ${ratio.toFixed(3)} |`);
