// Batch audit benchmark: ten stdio servers (the project's fixture server in several scenarios, the
// demo server, and the published server-everything and server-memory) audited by `scan --yes`
// with concurrency 4, against the sum of auditing each alone and against the same batch with
// concurrency 1. Medians over N runs (wall clock of the CLI, start-up included), one run on this machine.
// Usage: node bench/batch.mjs [runs]   (needs the built CLI: npm run build:cli)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const cli = join(root, 'bin/mcp-hintcheck.mjs');
const raw = join(root, 'test/fixtures/raw-stdio-server.mjs');
const node = process.execPath;
const home = mkdtempSync(join(tmpdir(), 'hintcheck-bench-batch-'));

const servers = {
  basic: { command: node, args: [raw, 'basic'] },
  paged: { command: node, args: [raw, 'paged'] },
  noise: { command: node, args: [raw, 'stdout-noise'] },
  hostile: { command: node, args: [raw, 'hostile-strings'] },
  many: { command: node, args: [raw, 'many'], env: { FIXTURE_TOOLS: '1000' } },
  demo: { command: node, args: [join(root, 'dist/demo-server.mjs')] },
  everything: {
    command: node,
    args: [join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  },
  everything2: {
    command: node,
    args: [join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio', '--second'],
  },
  memory: {
    command: node,
    args: [join(root, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
    env: { MEMORY_FILE_PATH: join(home, 'memory.jsonl') },
  },
  memory2: {
    command: node,
    args: [join(root, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js'), '--second'],
    env: { MEMORY_FILE_PATH: join(home, 'memory2.jsonl') },
  },
};

function configFile(name, entries) {
  const dir = join(home, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: entries }));
  return file;
}

function scan(file, concurrency) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    node,
    [
      cli,
      'scan',
      '--client',
      'claude-desktop',
      '--config',
      file,
      '--yes',
      '--format',
      'csv',
      '--concurrency',
      String(concurrency),
    ],
    { cwd: home, env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8' },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`scan ${file} exited ${result.status}: ${result.stderr}`);
  const rows = result.stdout.trim().split('\r\n').length - 1;
  return { ms, rows };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const all = configFile('all', servers);
const singles = Object.fromEntries(
  Object.entries(servers).map(([name, entry]) => [name, configFile(name, { [name]: entry })]),
);
try {
  scan(all, 4); // warm the file cache
  const sums = [];
  const sequential = [];
  const batch = [];
  const perServer = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    let sum = 0;
    for (const [name, file] of Object.entries(singles)) {
      const { ms } = scan(file, 1);
      perServer[name].push(ms);
      sum += ms;
    }
    sums.push(sum);
    sequential.push(scan(all, 1).ms);
    const four = scan(all, 4);
    if (four.rows !== 10) throw new Error(`expected 10 rows, got ${four.rows}`);
    batch.push(four.ms);
  }
  const out = [
    `node ${process.version} · ${runs} runs · ${new Date().toISOString()}`,
    '',
    '| what | median ms |',
    '| --- | ---: |',
    ...Object.entries(perServer).map(([name, values]) => `| scan of ${name} alone | ${median(values).toFixed(0)} |`),
    `| sum of the ten single scans | ${median(sums).toFixed(0)} |`,
    `| one scan of all ten, concurrency 1 | ${median(sequential).toFixed(0)} |`,
    `| one scan of all ten, concurrency 4 | ${median(batch).toFixed(0)} |`,
    '',
    `concurrency 4 / sum of single scans: ${(median(batch) / median(sums)).toFixed(2)}`,
    `concurrency 4 / concurrency 1: ${(median(batch) / median(sequential)).toFixed(2)}`,
  ];
  console.log(out.join('\n'));
} finally {
  rmSync(home, { recursive: true, force: true });
}
