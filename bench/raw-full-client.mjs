// The protocol floor for the work the CLI's audit is asked to do (issues 8 and 12), with no SDK, no
// validation and no report: what any client must pay to do the same exchange. Spawns the server in its
// own process group, probes the current era with server/discover (queued at once, as the CLI does),
// falls back to initialize + notifications/initialized when the probe is refused (a 2025-era server),
// lists tools, prompts, resources and resource templates at once (first pages; a list is asked only
// when the capabilities declare it), then ends the server as the spec's stdio shutdown asks: SIGTERM
// to the group, and waits for it to exit. No history. Compare bench/raw-client.mjs, the bare floor.
// The server gets the SDK's environment allowlist, like every client in the bench.
// Usage: node bench/raw-full-client.mjs <command> [args...]   (prints what it listed)
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
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
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LISTS = [
  ['tools', 'tools/list'],
  ['prompts', 'prompts/list'],
  ['resources', 'resources/list'],
  ['resources', 'resources/templates/list'],
];
let era = null;
const waiting = new Map();
const counts = {};

function listAll(capabilities) {
  for (const [capability, method] of LISTS) {
    if (capabilities?.[capability] === undefined) continue;
    const id = `list-${method}`;
    waiting.set(id, method);
    send({ id, method, params: era === 'modern' ? { _meta: modernMeta } : {} });
  }
  if (waiting.size === 0) finish();
}

function finish() {
  console.log(`${era} era: ${JSON.stringify(counts)}`);
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
    if (message.id === 'discover') {
      if (message.result !== undefined) {
        era = 'modern';
        listAll(message.result.capabilities);
      } else {
        era = 'legacy';
        send({
          id: 'initialize',
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
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
      if (waiting.size === 0) finish();
    }
  }
});
server.on('exit', (code) => {
  console.error(`server exited (${code}) before the lists were answered`);
  process.exit(1);
});
