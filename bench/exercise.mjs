// The exercise row of `npm run bench` (issue 23): @modelcontextprotocol/server-filesystem, every
// read tool called once per round, one call at a time, in three set-ups started the same way:
//   traced:   strace -f ... bwrap ... (exactly the flags of lib/server/exercise/sandbox.ts)
//   sandbox:  the same bwrap sandbox without strace
//   bare:     the server run directly
// Per call: the round-trip time from request to response (median over rounds and tools). The
// tracing overhead is traced / sandbox; the sandbox's own cost is sandbox / bare. Then one whole
// `mcp-hintcheck audit --exercise --yes` of the same server (wall time). Then (issue 34) the paired
// ratio: server-memory and server-filesystem, a plain audit and an `audit --exercise` alternated in
// one run, medians of wall time, exercise / audit (targets: memory under 3x, filesystem under 4x).
// Usage: node bench/exercise.mjs [rounds] [pairs]   (after npm run build:cli)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const rounds = Number(process.argv[2] ?? 9);
const server = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const bwrap = which('bwrap');
const strace = which('strace');
const TRACED =
  'openat,open,creat,truncate,unlink,unlinkat,rmdir,rename,renameat,renameat2,mkdir,mkdirat,chmod,fchmod,fchmodat,link,linkat,symlink,symlinkat,execve,execveat,connect,sendto,sendmsg';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function setups(hostTmp, tracePath) {
  const sandbox = [
    bwrap,
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/run',
    '--bind',
    hostTmp,
    '/tmp',
    '--chdir',
    '/tmp/work',
    '--setenv',
    'HOME',
    '/tmp/home',
    '--setenv',
    'TMPDIR',
    '/tmp',
    '--',
    process.execPath,
    server,
    '/tmp/work',
  ];
  return {
    traced: {
      argv: [
        strace,
        '-f',
        '-ttt',
        '-qq',
        '-y',
        '-s',
        '256',
        '-o',
        tracePath,
        '-e',
        'signal=none',
        '-e',
        `trace=${TRACED}`,
        '--',
        ...sandbox,
      ],
      file: '/tmp/work/sample.txt',
      dir: '/tmp/work',
    },
    sandbox: { argv: sandbox, file: '/tmp/work/sample.txt', dir: '/tmp/work' },
    bare: {
      argv: [process.execPath, server, join(hostTmp, 'work')],
      file: join(hostTmp, 'work', 'sample.txt'),
      dir: join(hostTmp, 'work'),
    },
  };
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

/** Starts one set-up, calls every read tool `rounds` times, returns the per-call times (ms). */
async function measure({ argv, file, dir }) {
  const [command, ...args] = argv;
  const child = spawn(command, args, {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, HOME: tmpdir() },
  });
  const waiting = new Map();
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      waiting.get(message.id)?.(message);
    }
  });
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      id += 1;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const times = [];
  for (let round = 0; round < rounds; round += 1)
    for (const [name, args] of READ_CALLS(file, dir)) {
      const started = performance.now();
      const answer = await request('tools/call', { name, arguments: args });
      times.push(performance.now() - started);
      if (answer.error !== undefined || answer.result?.isError === true)
        throw new Error(`${name}: ${JSON.stringify(answer.error ?? answer.result)}`);
    }
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
    const hostTmp = join(scratch, 'tmp');
    mkdirSync(join(hostTmp, 'work'), { recursive: true });
    mkdirSync(join(hostTmp, 'home'), { recursive: true });
    writeFileSync(join(hostTmp, 'work', 'sample.txt'), 'sample\n');
    const all = setups(hostTmp, join(scratch, 'trace.log'));
    const results = {};
    // Alternate the set-ups so drift in machine load spreads over all three.
    for (const name of ['traced', 'sandbox', 'bare', 'traced', 'sandbox', 'bare'])
      results[name] = [...(results[name] ?? []), ...(await measure(all[name]))];
    const traced = median(results.traced);
    const sandbox = median(results.sandbox);
    const bare = median(results.bare);
    console.log(
      `exercise (server-filesystem, ${READ_CALLS('', '').length} read tools × ${rounds * 2} rounds, per call, median):`,
    );
    console.log(
      `  traced in the sandbox ${traced.toFixed(2)} ms · sandbox untraced ${sandbox.toFixed(2)} ms · bare ${bare.toFixed(2)} ms`,
    );
    console.log(
      `  tracing overhead ${(traced / sandbox).toFixed(2)}x (${(traced - sandbox).toFixed(2)} ms per call) · sandbox alone ${(sandbox / bare).toFixed(2)}x`,
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchExercise();
  benchPaired();
}
