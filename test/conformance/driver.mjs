#!/usr/bin/env node
// The conformance suite's client command: runs `mcp-hintcheck audit --url URL --login --no-open` against
// the scenario's server and plays the browser. Each sign-in URL the CLI prints is opened (GET, redirects
// followed by hand) until the authorization server sends it back to the CLI's loopback callback. The
// scenario's pre-registered client (MCP_CONFORMANCE_CONTEXT) goes through --client-id and
// --client-secret-env. Only loopback URLs are ever requested. Exits with the CLI's exit code.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const SECRET_ENV = 'HINTCHECK_CONFORMANCE_CLIENT_SECRET';
const cli = fileURLToPath(new URL('../../bin/mcp-hintcheck.cjs', import.meta.url));

const serverUrl = process.argv.at(-1) ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');

function loopbackUrl(raw) {
  const url = new URL(raw);
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) throw new Error(`not a loopback URL: ${raw}`);
  return url;
}

/** The browser: GET, follow redirects (loopback only), stop at the first non-redirect answer. */
async function visit(raw) {
  let url = loopbackUrl(raw);
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      process.stderr.write(`[driver] ${url.origin}${url.pathname} answered ${response.status}\n`);
      return;
    }
    url = loopbackUrl(new URL(location, url).href);
  }
  throw new Error('too many redirects');
}

const args = ['audit', '--url', loopbackUrl(serverUrl).href, '--login', '--no-open'];
const env = { ...process.env };
if (typeof context.client_id === 'string') args.push('--client-id', context.client_id);
if (typeof context.client_secret === 'string') {
  env[SECRET_ENV] = context.client_secret;
  args.push('--client-secret-env', SECRET_ENV);
}
const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.pipe(process.stdout);
let pending = '';
let expectUrl = false;
const visits = [];
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    if (expectUrl && /^https?:\/\//.test(line.trim())) {
      visits.push(visit(line.trim()).catch((error) => process.stderr.write(`[driver] ${error.message}\n`)));
    }
    expectUrl = line.startsWith('Open this URL to sign in');
  }
});
const code = await new Promise((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
await Promise.all(visits);
process.exit(code);
