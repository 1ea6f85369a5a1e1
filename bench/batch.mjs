// Batch audit benchmark: ten stdio servers (the project's fixture server in several scenarios, the
// demo server, and the published server-everything and server-memory) audited by `scan --yes` with
// concurrency 4, against the sum of their single audit times (each server's durationMs, measured in
// a concurrency-1 batch) and against the batch's wall time with concurrency 1. The batch is timed
// from its first to its last progress line, so CLI start-up and the token estimate are left out.
// Medians over N runs, measured in one run on this machine.
// Usage: node bench/batch.mjs [runs]   (needs the built CLI: npm run build:cli)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const cli = join(root, 'bin/mcp-hintcheck.cjs');
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

/**
 * One `scan --yes --format json`, timed from the "Auditing N servers" line to the last result line
 * on stderr: the batch alone, without the CLI's start-up or the token estimate that follows.
 */
function scan(file, concurrency) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      node,
      [
        cli,
        'scan',
        '--fail-on',
        'none',
        '--client',
        'claude-desktop',
        '--config',
        file,
        '--yes',
        '--format',
        'json',
        '--concurrency',
        String(concurrency),
      ],
      { cwd: home, env: { PATH: process.env.PATH, HOME: home } },
    );
    let stdout = '';
    let stderr = '';
    let batchStart = null;
    let batchEnd = null;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      const now = performance.now();
      stderr += chunk;
      if (batchStart === null && stderr.includes('Auditing ')) batchStart = now;
      if (/\[(\d+)\/\1\]/.test(stderr)) batchEnd ??= now;
    });
    child.on('close', (code) => {
      if (code !== 0 || batchStart === null || batchEnd === null) {
        reject(new Error(`scan exited ${code}: ${stderr.slice(-500)}`));
        return;
      }
      const rows = JSON.parse(stdout).overview;
      resolve({ batchMs: batchEnd - batchStart, rows });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const all = configFile('all', servers);
try {
  await scan(all, 4); // warm the file cache
  const sums = [];
  const sequential = [];
  const batch = [];
  const perServer = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    const one = await scan(all, 1);
    if (one.rows.length !== 10 || one.rows.some((row) => row.status !== 'ok')) throw new Error('expected 10 ok rows');
    for (const row of one.rows) perServer[row.name].push(row.durationMs);
    sums.push(one.rows.reduce((sum, row) => sum + row.durationMs, 0));
    sequential.push(one.batchMs);
    const four = await scan(all, 4);
    if (four.rows.length !== 10) throw new Error(`expected 10 rows, got ${four.rows.length}`);
    batch.push(four.batchMs);
  }
  const out = [
    `node ${process.version} · ${runs} runs · ${new Date().toISOString()}`,
    '',
    '| what | median ms |',
    '| --- | ---: |',
    ...Object.entries(perServer).map(
      ([name, values]) => `| audit of ${name} alone (its own duration) | ${median(values).toFixed(0)} |`,
    ),
    `| sum of the ten single audits | ${median(sums).toFixed(0)} |`,
    `| the batch of ten, concurrency 1 (wall) | ${median(sequential).toFixed(0)} |`,
    `| the batch of ten, concurrency 4 (wall) | ${median(batch).toFixed(0)} |`,
    '',
    `concurrency 4 / sum of single audits: ${(median(batch) / median(sums)).toFixed(2)}`,
    `concurrency 4 / concurrency 1: ${(median(batch) / median(sequential)).toFixed(2)}`,
  ];
  console.log(out.join('\n'));
} finally {
  rmSync(home, { recursive: true, force: true });
}
