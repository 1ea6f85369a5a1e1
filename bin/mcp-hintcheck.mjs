#!/usr/bin/env node
// Thin entry: the CLI is bundled into dist/cli/ (main.mjs and its chunks) by `npm run build:cli` (part of `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli/main.mjs', import.meta.url));
const demoServer = fileURLToPath(new URL('../dist/demo-server.mjs', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('mcp-hintcheck: the CLI is not built yet.\ntry: npm run build:cli (or npm start)\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(cli).href);
const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  // Read for NO_COLOR and --env NAME; an audited server gets only the allowlist plus named variables.
  callerEnv: process.env,
  demo: { command: process.execPath, args: [demoServer] },
});
// Exit as soon as the command is done: an audit has already ended its server's process group and
// closed its files, and a pipe the server's exit leaves open for a moment must not delay the
// answer. Pipes are asynchronous on macOS and Windows: flush stdout and stderr first.
await Promise.all(
  [process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))),
);
process.exit(code);
