// How fast the dashboard serves after a start (issue 25): `npm start` on an up-to-date tree (the
// incremental build's check, then dist/serve.mjs) until it prints its URL, and the packaged entry
// `mcp-hintcheck dashboard` (bin/mcp-hintcheck.cjs) until /api/health answers. Medians of N starts,
// alternated, in one run. Each start is its own process group, ended by its PID.
// Usage: npm run build && node bench/dashboard-start.mjs [runs]   (port: E2E_PORT, default 3290)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/start-dashboard.mjs';

const runs = Number(process.argv[2] ?? 7);
const port = Number(process.env.E2E_PORT ?? 3290);
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-start-bench-'));
const env = {
  ...process.env,
  HINTCHECK_DB: join(scratch, 'history.db'),
  NEXT_TELEMETRY_DISABLED: '1',
  PORT: String(port),
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function timeStart(command, args, ready) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      if (await ready(() => printed)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    process.kill(-child.pid, 'SIGKILL');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

const printedUrl = (printed) => Promise.resolve(printed().includes('mcp-hintcheck dashboard:'));
const healthy = () =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );

const load = loadavg()[0];
const npmStart = [];
const packaged = [];
try {
  for (let i = 0; i < runs; i++) {
    npmStart.push(await timeStart('npm', ['start'], printedUrl));
    packaged.push(
      await timeStart(process.execPath, ['bin/mcp-hintcheck.cjs', 'dashboard', '--port', String(port)], healthy),
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  `node ${process.version} · ${cpus().length} cores · load average ${load.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end · ${runs} starts each · ${new Date().toISOString()}`,
);
console.log(
  `npm start on an up-to-date tree, to its URL: median ${median(npmStart).toFixed(0)} ms (${Math.min(...npmStart).toFixed(0)}-${Math.max(...npmStart).toFixed(0)})`,
);
console.log(
  `mcp-hintcheck dashboard, to /api/health answering: median ${median(packaged).toFixed(0)} ms (${Math.min(...packaged).toFixed(0)}-${Math.max(...packaged).toFixed(0)})`,
);
