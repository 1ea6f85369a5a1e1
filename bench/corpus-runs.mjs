// The labelled behaviour corpus (test/corpus/exercise-labels.ts) run as the corpus test runs it
// (test/sandbox-env.ts exerciseLoopbackOnly: the built CLI, `audit --exercise … --yes --no-history
// --format json`, in a loopback-only namespace, only PATH, a temporary HOME and NO_COLOR), one entry
// at a time, for the bench scripts: exercise-stability.mjs (two runs under load) and
// exercise-corpus.mjs (precision, recall, tools reached). The labels are bundled from test/ with
// esbuild (a devDependency) so the scripts read the same data the test does.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(root, 'bin/mcp-hintcheck.cjs');

/** The corpus entries, from the test's own data. */
export async function corpus() {
  if (!existsSync(CLI) || !existsSync(join(root, 'dist/cli/main.cjs'))) throw new Error('run npm run build:cli first');
  const { build } = await import('esbuild');
  // Beside test/helpers.ts, so its ROOT (the folder above the module) is still the checkout; removed once read.
  const outfile = join(root, 'test', `.exercise-labels-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, 'test/corpus/exercise-labels.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    define: { 'import.meta.vitest': 'undefined' },
  });
  const { CORPUS } = await import(pathToFileURL(outfile).href).finally(() => rmSync(outfile, { force: true }));
  return CORPUS.filter((entry) => entry.needs === undefined || existsSync(entry.needs));
}

/** One entry exercised: the Report (or null with the reason) and the wall time. */
export function exerciseEntry(entry) {
  const args = ['-rn', process.execPath, CLI, 'audit', '--exercise', ...(entry.extra ?? []), '--yes', '--no-history'];
  const all = [...args, '--format', 'json', '--', process.execPath, ...entry.command];
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn('unshare', all, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk.toString()));
    child.on('close', () => {
      const ms = Date.now() - began;
      try {
        resolve({ report: JSON.parse(stdout), ms, error: null });
      } catch (error) {
        resolve({ report: null, ms, error: String(error).slice(0, 200) });
      }
    });
  });
}

/** tool → status (and "calls N" where no tool was called) of one report. */
export function verdicts(report) {
  const out = new Map();
  for (const tool of report?.tools ?? []) out.set(tool.name, tool.behaviour?.status ?? 'not-called');
  return out;
}
