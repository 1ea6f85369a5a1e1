// The exercise row of `npm run bench` (issue 23): @modelcontextprotocol/server-filesystem, every
// read tool called once per round, one call at a time, in three set-ups started the same way:
//   traced:   the product's own sandbox launch (lib/server/exercise/sandbox-launch.ts: prlimit,
//             strace --seccomp-bpf, bubblewrap with its seccomp filter, the planted folders), as
//             `audit --exercise` runs it
//   sandbox:  the same launch without strace (as `audit --sandbox` runs it)
//   bare:     the server run directly
// Per call: the round-trip time from request to response (median over rounds and tools). The
// tracing overhead is traced / sandbox; the sandbox's own cost is sandbox / bare. Then one whole
// `mcp-hintcheck audit --exercise --yes` of the same server (wall time). Then (issue 34) the paired
// ratio: server-memory and server-filesystem, a plain audit and an `audit --exercise` alternated in
// one run, medians of wall time, exercise / audit (targets: memory under 3x, filesystem under 4x).
// The launch code is bundled from lib/ with esbuild (a devDependency) at the start, so the bench
// measures the sandbox users get, not a copy of its flags.
// Usage: node bench/exercise.mjs [rounds] [pairs]   (after npm run build:cli)
//
// Re-runs in parallel (issue 47.6): `node bench/exercise.mjs suspects BASELINE_CLI [CANDIDATE_CLI] [pairs]`
// times `audit --exercise` of test/fixtures/exercise/suspects-server.mjs (20 read-only tools that
// each write, so 20 suspects re-run alone in fresh sandboxes) with two built CLIs (each a
// bin/mcp-hintcheck.cjs; the candidate defaults to this checkout's), alternated in one run so drift in
// machine load falls on both: medians of the exercise's own duration (Report.exercise.durationMs) and
// of wall time, candidate / baseline (target: at most 0.5), and how many suspects each confirmed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const rounds = Number(process.argv[2] ?? 9);
const server = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const bwrap = which('bwrap');
const strace = which('strace');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The product's sandbox launch, bundled from lib/ (beside node_modules, so its packages resolve). */
async function productLaunch() {
  const { build } = await import('esbuild');
  const dir = join(root, 'node_modules', '.cache', 'hintcheck-bench');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'exercise-launch.mjs');
  await build({
    stdin: {
      contents: [
        "export { launchInSandbox } from './lib/server/exercise/sandbox-launch';",
        "export { makeSandboxFolders, removeSandboxFolders, SAMPLE_FILE } from './lib/server/exercise/folders';",
        "export { checkSandbox, SANDBOX_WORK } from './lib/server/exercise/sandbox';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

const READ_CALLS = (file, dir) => [
  ['read_file', { path: file }],
  ['read_text_file', { path: file }],
  ['read_media_file', { path: file }],
  ['read_multiple_files', { paths: [file] }],
  ['list_directory', { path: dir }],
  ['list_directory_with_sizes', { path: dir }],
  ['directory_tree', { path: dir }],
  ['search_files', { path: dir, pattern: 'sample' }],
  ['get_file_info', { path: file }],
  ['list_allowed_directories', {}],
];

/** A JSON-RPC client over `send`; returns request() and a feed for incoming messages. */
function rpc(send) {
  const waiting = new Map();
  let id = 0;
  return {
    feed: (message) => waiting.get(message.id)?.(message),
    request: (method, params) =>
      new Promise((resolve) => {
        id += 1;
        waiting.set(id, resolve);
        void send({ jsonrpc: '2.0', id, method, params });
      }),
    notify: (method) => void send({ jsonrpc: '2.0', method }),
  };
}

/** Initializes, calls every read tool `rounds` times, returns the per-call times (ms). */
async function callAll({ request, notify }, file, dir) {
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  notify('notifications/initialized');
  const times = [];
  for (let round = 0; round < rounds; round += 1)
    for (const [name, args] of READ_CALLS(file, dir)) {
      const started = performance.now();
      const answer = await request('tools/call', { name, arguments: args });
      times.push(performance.now() - started);
      if (answer.error !== undefined || answer.result?.isError === true)
        throw new Error(`${name}: ${JSON.stringify(answer.error ?? answer.result)}`);
    }
  return times;
}

/** The server in the product's sandbox, traced or not. */
async function measureSandboxed(product, sandbox, trace) {
  const folders = await product.makeSandboxFolders(trace ? 'tracer' : 'errno');
  const launch = product.launchInSandbox(
    { transport: 'stdio', command: process.execPath, args: [server, product.SANDBOX_WORK], env: [] },
    sandbox,
    folders,
    { callerEnv: { PATH: process.env.PATH, HOME: tmpdir() }, maxMessageBytes: 1 << 22, trace },
  );
  const client = rpc((message) => launch.transport.send(message));
  launch.transport.onmessage = client.feed;
  try {
    await launch.transport.start();
    launch.watch.start(() => {});
    const file = `${product.SANDBOX_WORK}/${product.SAMPLE_FILE}`;
    return await callAll(client, file, product.SANDBOX_WORK);
  } finally {
    launch.release();
    launch.watch.stop();
    await launch.transport.close();
    await product.removeSandboxFolders(folders);
  }
}

/** The server run directly on the host. */
async function measureBare(work) {
  const child = spawn(process.execPath, [server, work], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, HOME: tmpdir() },
  });
  const client = rpc((message) => child.stdin.write(`${JSON.stringify(message)}\n`));
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      client.feed(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  });
  const times = await callAll(client, join(work, 'sample.txt'), work);
  child.stdin.end();
  await new Promise((resolve) => child.once('close', resolve));
  return times;
}

export async function benchExercise() {
  if (bwrap === '' || strace === '') {
    console.log('exercise: skipped (bubblewrap or strace not installed)');
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-bench-exercise-'));
  try {
    const product = await productLaunch();
    const sandbox = await product.checkSandbox(process.env.PATH);
    const work = join(scratch, 'work');
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'sample.txt'), 'sample\n');
    const setups = {
      traced: () => measureSandboxed(product, sandbox, true),
      sandbox: () => measureSandboxed(product, sandbox, false),
      bare: () => measureBare(work),
    };
    const results = {};
    // Alternate the set-ups so drift in machine load spreads over all three.
    for (const name of ['traced', 'sandbox', 'bare', 'traced', 'sandbox', 'bare'])
      results[name] = [...(results[name] ?? []), ...(await setups[name]())];
    const traced = median(results.traced);
    const untraced = median(results.sandbox);
    const bare = median(results.bare);
    console.log(
      `exercise (server-filesystem, ${READ_CALLS('', '').length} read tools × ${rounds * 2} rounds, per call, median; the product's sandbox launch):`,
    );
    console.log(
      `  traced in the sandbox ${traced.toFixed(2)} ms · sandbox untraced ${untraced.toFixed(2)} ms · bare ${bare.toFixed(2)} ms`,
    );
    console.log(
      `  tracing overhead ${(traced / untraced).toFixed(2)}x (${(traced - untraced).toFixed(2)} ms per call) · sandbox alone ${(untraced / bare).toFixed(2)}x`,
    );
    const started = performance.now();
    const whole = spawnSync(
      process.execPath,
      [
        join(root, 'bin/mcp-hintcheck.cjs'),
        'audit',
        '--exercise',
        '--yes',
        '--no-history',
        '--format',
        'json',
        '--',
        process.execPath,
        server,
        '.',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    const wall = performance.now() - started;
    const report = JSON.parse(whole.stdout);
    console.log(
      `  whole audit --exercise: ${(wall / 1000).toFixed(1)} s for ${report.exercise.calls} calls (quiet detection, then an idle window)`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Wall time of one CLI audit, with or without --exercise. */
function timedAudit(command, exercise) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'bin/mcp-hintcheck.cjs'),
      'audit',
      '--fail-on',
      'none',
      ...(exercise ? ['--exercise', '--yes'] : []),
      '--no-history',
      '--format',
      'json',
      '--',
      process.execPath,
      ...command,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (run.status !== 0) throw new Error(`audit failed: ${run.stderr}`);
  return performance.now() - started;
}

/** The paired ratio of issue 34: exercise / plain audit, alternated, medians. */
export function benchPaired(pairs = Number(process.argv[3] ?? 5)) {
  if (bwrap === '' || strace === '') return;
  const servers = [
    ['server-memory', [require.resolve('@modelcontextprotocol/server-memory/dist/index.js')], 3],
    ['server-filesystem', [server, '.'], 4],
  ];
  for (const [name, command, target] of servers) {
    const plain = [];
    const exercised = [];
    for (let i = 0; i < pairs; i += 1) {
      plain.push(timedAudit(command, false));
      exercised.push(timedAudit(command, true));
    }
    const ratio = median(exercised) / median(plain);
    console.log(
      `  ${name}: audit ${(median(plain) / 1000).toFixed(2)} s, audit --exercise ${(median(exercised) / 1000).toFixed(2)} s (medians of ${pairs} pairs): ${ratio.toFixed(2)}x (target under ${target}x: ${ratio < target ? 'met' : 'not met'})`,
    );
  }
}

/** One `audit --exercise` of the suspects fixture with `cli`: wall and exercise time (ms), suspects confirmed. */
function timedSuspects(cli, count) {
  const fixture = join(root, 'test/fixtures/exercise/suspects-server.mjs');
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [cli, 'audit', '--exercise', '--yes', '--no-history', '--format', 'json', '--', process.execPath, fixture],
    { cwd: tmpdir(), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', SUSPECTS: String(count) } },
  );
  const wall = performance.now() - started;
  if (run.status !== 0 && run.stdout === '') throw new Error(`audit failed (${cli}): ${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const confirmed = report.tools.filter((tool) => tool.behaviour?.status === 'contradicted').length;
  return { wall, exercise: report.exercise.durationMs, confirmed };
}

/** Issue 47.6: the suspects fixture's exercise with two built CLIs, alternated, medians and the ratio. */
export function benchSuspects(baseline, candidate, pairs, count = 20) {
  if (bwrap === '' || strace === '') {
    console.log('suspects: skipped (bubblewrap or strace not installed)');
    return;
  }
  const runs = { baseline: [], candidate: [] };
  for (let i = 0; i < pairs; i += 1)
    for (const [name, cli] of i % 2 === 0
      ? [
          ['baseline', baseline],
          ['candidate', candidate],
        ]
      : [
          ['candidate', candidate],
          ['baseline', baseline],
        ])
      runs[name].push(timedSuspects(cli, count));
  const line = (name) => {
    const list = runs[name];
    const confirmed = list.map((run) => run.confirmed).join(', ');
    return `${name} exercise ${(median(list.map((run) => run.exercise)) / 1000).toFixed(1)} s, wall ${(median(list.map((run) => run.wall)) / 1000).toFixed(1)} s (suspects confirmed per run: ${confirmed})`;
  };
  const ratio = median(runs.candidate.map((run) => run.exercise)) / median(runs.baseline.map((run) => run.exercise));
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `suspects (${count} suspects re-run alone, medians of ${pairs} alternated pairs; ${availableParallelism()} cores, load average ${load} at the end):`,
  );
  console.log(`  ${line('baseline')}: ${baseline}`);
  console.log(`  ${line('candidate')}: ${candidate}`);
  console.log(
    `  exercise time candidate / baseline: ${ratio.toFixed(2)} (target at most 0.5: ${ratio <= 0.5 ? 'met' : 'not met'})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'suspects') {
    const [baseline, second, third] = process.argv.slice(3);
    if (baseline === undefined)
      throw new Error('usage: node bench/exercise.mjs suspects BASELINE_CLI [CANDIDATE_CLI] [pairs]');
    const candidate = second !== undefined && !/^\d+$/.test(second) ? second : join(root, 'bin/mcp-hintcheck.cjs');
    const pairs = Number((second !== undefined && /^\d+$/.test(second) ? second : third) ?? 5);
    benchSuspects(baseline, candidate, pairs);
  } else {
    await benchExercise();
    benchPaired();
  }
}
