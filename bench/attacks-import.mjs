// Bundles a TypeScript module of the repository (esbuild, a devDependency) into a temporary ESM file
// and imports it, so a bench script reads the test corpus's labels as written.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function importTs(root, path) {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-bench-ts-'));
  const out = join(dir, 'module.mjs');
  await build({
    entryPoints: [join(root, path)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
