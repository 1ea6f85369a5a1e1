// Starts the production dashboard (dist/serve.mjs) on a port with a known token, for scripts that
// drive it (benchmarks, the README screenshot). Resolves once it prints its URL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function startDashboard(port, token) {
  const server = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, HINTCHECK_TOKEN: token, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('mcp-hintcheck dashboard:')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the dashboard exited with ${code}; run npm run build first`)));
  });
  return { url: `http://127.0.0.1:${port}/#token=${token}`, stop: () => server.kill('SIGTERM') };
}
