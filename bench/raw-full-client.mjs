// The protocol floor for the work the CLI's audit is asked to do (issues 8 and 12), with no SDK, no
// validation and no report: what any client must pay to do the same exchange. Spawns the server in its
// own process group, probes the current era with server/discover (queued at once, as the CLI does),
// falls back to initialize + notifications/initialized when the probe is refused (a 2025-era server),
// lists tools, prompts, resources and resource templates at once (first pages; a list is asked only
// when the capabilities declare it), then ends the server as the spec's stdio shutdown asks: SIGTERM
// to the group, and waits for it to exit. No history. Compare bench/raw-client.mjs, the bare floor.
// The server gets the SDK's environment allowlist, like every client in the bench.
// With --host, it does what the audit does by default as a host (issue 22): declares roots, sampling
// and elicitation, answers roots/list with one empty temporary folder, declines sampling and
// elicitation, lists again what a list_changed names (at most 3 times a list), and keeps listening
// after the lists until 500 ms pass without a server request or notification (at most 2 s), unless
// the server promises no list_changed and has said nothing (lib/server/mcp/host-session.ts's rule);
// `--host --listen 0` declares and answers the same but stops at the lists, as `audit --listen 0`.
// Usage: node bench/raw-full-client.mjs [--host [--listen MS]] <command> [args...]   (prints what it listed)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const host = process.argv[2] === '--host';
const listenOption = host && process.argv[3] === '--listen';
const [command, ...args] = process.argv.slice(host ? (listenOption ? 5 : 3) : 2);
const LISTEN_MS = listenOption ? Number(process.argv[4]) : 500;
const MAX_RELISTS = 3;
const capabilities = host ? { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } } : {};
const root = host ? mkdtempSync(join(tmpdir(), 'raw-host-root-')) : null;
const ALLOWLIST = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
const env = Object.fromEntries(
  ALLOWLIST.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]),
);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env, detached: true });
const send = (message) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const MODERN = '2026-07-28';
const clientInfo = { name: 'raw-full-floor', version: '0' };
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': clientInfo,
  'io.modelcontextprotocol/clientCapabilities': capabilities,
};
const LISTS = [
  ['tools', 'tools/list'],
  ['prompts', 'prompts/list'],
  ['resources', 'resources/list'],
  ['resources', 'resources/templates/list'],
];
let era = null;
let serverCapabilities = {};
const waiting = new Map();
const counts = {};
// Host mode: what the server said so far, and the listening window once the lists are answered.
const pendingKinds = new Set();
const relists = new Map();
let heard = 0;
let listening = null;
const KINDS_OF = {
  'notifications/tools/list_changed': [['tools', 'tools/list']],
  'notifications/prompts/list_changed': [['prompts', 'prompts/list']],
  'notifications/resources/list_changed': [
    ['resources', 'resources/list'],
    ['resources', 'resources/templates/list'],
  ],
};

function list(method, id = `list-${method}`) {
  waiting.set(id, method);
  send({ id, method, params: era === 'modern' ? { _meta: modernMeta } : {} });
}

function listAll(capabilities) {
  serverCapabilities = capabilities ?? {};
  for (const [capability, method] of LISTS) if (serverCapabilities[capability] !== undefined) list(method);
  if (waiting.size === 0) listed();
}

/** The lists are answered: stop, or (host) listen as the audit does. */
function listed() {
  if (!host) return finish();
  const promises = ['tools', 'prompts', 'resources'].some((key) => serverCapabilities[key]?.listChanged === true);
  if (LISTEN_MS <= 0 || (!promises && heard === 0)) return finish();
  const start = performance.now();
  listening = { hardEnd: start + LISTEN_MS * 4, quietUntil: start + LISTEN_MS, timer: null };
  relistPending();
  arm();
}

function relistPending() {
  for (const [capability, method] of pendingKinds) {
    if (serverCapabilities[capability] === undefined || (relists.get(method) ?? 0) >= MAX_RELISTS) continue;
    relists.set(method, (relists.get(method) ?? 0) + 1);
    list(method, `relist-${method}-${relists.get(method)}`);
  }
  pendingKinds.clear();
}

function arm() {
  clearTimeout(listening.timer);
  const left = Math.min(listening.quietUntil, listening.hardEnd) - performance.now();
  listening.timer = setTimeout(() => (waiting.size === 0 ? finish() : arm()), Math.max(0, left));
}

/** A server request or notification: host mode answers it and keeps the window open. */
function fromServer(message) {
  heard += 1;
  if (message.id !== undefined) {
    if (message.method === 'roots/list')
      send({ id: message.id, result: { roots: [{ uri: pathToFileURL(root).href }] } });
    else if (message.method === 'elicitation/create') send({ id: message.id, result: { action: 'decline' } });
    else send({ id: message.id, error: { code: -1, message: 'Declined by the client' } });
  }
  for (const kind of KINDS_OF[message.method] ?? []) pendingKinds.add(kind);
  if (listening === null) return;
  listening.quietUntil = Math.min(listening.hardEnd, performance.now() + LISTEN_MS);
  relistPending();
  arm();
}

function finish() {
  console.log(`${era} era: ${JSON.stringify(counts)}${host ? `, ${heard} heard from the server` : ''}`);
  if (root !== null) rmSync(root, { recursive: true, force: true });
  server.removeAllListeners('exit');
  server.once('exit', () => process.exit(0));
  process.kill(-server.pid, 'SIGTERM');
}

send({ id: 'discover', method: 'server/discover', params: { _meta: modernMeta } });
let buffered = '';
server.stdout.setEncoding('utf8');
server.stdout.on('data', (chunk) => {
  buffered += chunk;
  for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    if (message.method !== undefined) {
      if (host) fromServer(message);
    } else if (message.id === 'discover') {
      if (message.result !== undefined) {
        era = 'modern';
        listAll(message.result.capabilities);
      } else {
        era = 'legacy';
        send({
          id: 'initialize',
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities, clientInfo },
        });
      }
    } else if (message.id === 'initialize') {
      send({ method: 'notifications/initialized' });
      listAll(message.result?.capabilities);
    } else if (waiting.has(message.id)) {
      const method = waiting.get(message.id);
      waiting.delete(message.id);
      const result = message.result ?? {};
      counts[method] = (result.tools ?? result.prompts ?? result.resources ?? result.resourceTemplates ?? []).length;
      if (waiting.size === 0 && listening === null) listed();
    }
  }
});
server.on('exit', (code) => {
  console.error(`server exited (${code}) before the lists were answered`);
  process.exit(1);
});
