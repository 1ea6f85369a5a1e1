#!/usr/bin/env node
// Thin entry: the CLI is bundled into dist/cli/main.cjs by `npm run build:cli` (part of `npm run
// build`), loaded after Node's own compile cache is turned on in the user's folder
// (dist/cli/compile-cache.cjs, lib/cli/compile-cache.ts).
// CommonJS on purpose: an ES-module entry starts Node's module loader first, about 5 ms before
// anything of ours runs, and that is 5 ms later that the audited server starts.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '../dist/cli/main.cjs');
const compileCache = join(__dirname, '../dist/cli/compile-cache.cjs');
const demoServer = join(__dirname, '../dist/demo-server.mjs');
if (!existsSync(cli) || !existsSync(compileCache)) {
  process.stderr.write('mcp-hintcheck: the CLI is not built yet.\ntry: npm run build:cli (or npm start)\n');
  process.exit(2);
}
// Where the package's own files are (the exercise's loopback listener, dist/loopback-listener.mjs).
process.env.HINTCHECK_ROOT ??= join(__dirname, '..');
const argv = process.argv.slice(2);
if (argv[0] === 'dashboard') {
  // `mcp-hintcheck dashboard [--port P] [--open]`: the prebuilt dashboard (dist/serve.mjs and .next/).
  process.argv = [process.argv[0], join(__dirname, '../dist/serve.mjs'), ...argv.slice(1)];
  import(require('node:url').pathToFileURL(process.argv[1]).href).catch((error) => {
    process.stderr.write(`mcp-hintcheck: could not start the dashboard: ${error.message}\n`);
    process.exit(2);
  });
  return;
}
const { enableCompileCache, visibleControls } = require(compileCache);
enableCompileCache(process.env, process.stderr);
require(cli)
  .main(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    // Read for NO_COLOR and --env NAME; an audited server gets only the allowlist plus named variables.
    callerEnv: process.env,
    demo: { command: process.execPath, args: [demoServer] },
  })
  .then(async (code) => {
    // Exit as soon as the command is done: an audit has already ended its server's process group
    // and closed its files, and a pipe the server's exit leaves open for a moment must not delay the
    // answer. Pipes are asynchronous on macOS and Windows: flush stdout and stderr first.
    await Promise.all(
      [process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))),
    );
    process.exit(code);
  })
  .catch((error) => {
    // A bug, not bad input: its stack (the bundle keeps its names, so it names our functions), each
    // line escaped like any other outside text.
    const text = String(error instanceof Error ? (error.stack ?? error.message) : error);
    process.stderr.write(
      `mcp-hintcheck: unexpected error: ${text
        .split('\n')
        .map((line) => visibleControls(line))
        .join('\n')}\n`,
    );
    process.exit(1);
  });
