#!/usr/bin/env node
// Thin entry: the CLI is bundled into dist/cli/main.cjs and rest.cjs by `npm run build:cli` (part of
// `npm run build`) and started by dist/cli/launcher.cjs with V8's code cache (lib/cli/launcher.ts).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cli = fileURLToPath(new URL('../dist/cli/main.cjs', import.meta.url));
const launcher = fileURLToPath(new URL('../dist/cli/launcher.cjs', import.meta.url));
const demoServer = fileURLToPath(new URL('../dist/demo-server.mjs', import.meta.url));
if (!existsSync(cli) || !existsSync(launcher)) {
  process.stderr.write('mcp-hintcheck: the CLI is not built yet.\ntry: npm run build:cli (or npm start)\n');
  process.exit(2);
}
const argv = process.argv.slice(2);
const loaded = require(launcher).launch(cli, process.env);
const code = await loaded.main(argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  // Read for NO_COLOR and --env NAME; an audited server gets only the allowlist plus named variables.
  callerEnv: process.env,
  demo: { command: process.execPath, args: [demoServer] },
});
loaded.saveCache(argv);
// Exit as soon as the command is done: an audit has already ended its server's process group and
// closed its files, and a pipe the server's exit leaves open for a moment must not delay the
// answer. Pipes are asynchronous on macOS and Windows: flush stdout and stderr first.
await Promise.all(
  [process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))),
);
process.exit(code);
