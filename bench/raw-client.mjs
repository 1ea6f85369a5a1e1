// The protocol floor: the least a client can do to list a stdio server's tools. Spawns the server,
// pipes initialize, notifications/initialized and tools/list (first page) into its stdin, stops at
// the tools/list answer, ends the server. No SDK, no validation: what any MCP client must pay.
// The server gets the environment every client here gives it (the SDK's allowlist): a fuller one
// can slow a server's start (NODE_EXTRA_CA_CERTS makes node read a certificate bundle).
// Usage: node bench/raw-client.mjs <command> [args...]   (prints the number of tools)
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const ALLOWLIST = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
const env = Object.fromEntries(
  ALLOWLIST.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]),
);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env });
const send = (message) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
send({
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-floor', version: '0' } },
});
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
    if (message.id === 1) {
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list', params: {} });
    } else if (message.id === 2) {
      console.log(`${message.result?.tools?.length ?? 0} tools`);
      server.kill('SIGKILL');
      process.exit(0);
    }
  }
});
server.on('exit', (code) => {
  console.error(`server exited (${code}) before answering tools/list`);
  process.exit(1);
});
