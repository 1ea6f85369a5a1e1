// Starts the production dashboard (dist/serve.mjs) on a port with a known token, for scripts that
// drive it (benchmarks, the README screenshot). Resolves once it prints its URL; `stop()` resolves once
// it has exited. Its audits are saved as a real dashboard's are, but into a history file of its own
// (HINTCHECK_DB when the caller set one), never into the user's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function startDashboard(port, token) {
  const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-dashboard-'));
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  const server = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
    cwd: ROOT,
    env: {
      HINTCHECK_DB: join(scratch, 'history.db'),
      ...process.env,
      HINTCHECK_TOKEN: token,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('mcp-hintcheck dashboard:')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the dashboard exited with ${code}; run npm run build first`)));
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // Resolves once the process has exited (its port free for the next start).
  const stop = () => {
    server.kill('SIGTERM');
    return exited;
  };
  return { url: `http://127.0.0.1:${port}/#token=${token}`, stop };
}
