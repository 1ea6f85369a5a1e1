// The packed dashboard's mapping of Turbopack's hashed external names (next-externals.ts), run in a
// child Node as dashboard-main.ts runs it: a hashed name resolves for import and require, and the
// runtime prints no warning (Node 26 deprecates module.register, DEP0205: the synchronous
// module.registerHooks is used where Node has it). .ci/node-line runs lib/ on Node 22, 24 and 26 too.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { unhashedExternal } from './next-externals';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-externals-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('unhashedExternal', () => {
  it.each([
    ['better-sqlite3-90e2652d1716b047', 'better-sqlite3'],
    ['@modelcontextprotocol/sdk-4089abcdef012345/client/auth.js', '@modelcontextprotocol/sdk/client/auth.js'],
    ['better-sqlite3', null],
    ['better-sqlite3-xyz', null],
    ['other-90e2652d1716b047', null],
  ])('%s -> %s', (specifier, expected) => {
    expect(unhashedExternal(specifier, ['better-sqlite3', '@modelcontextprotocol/sdk'])).toBe(expected);
  });
});

describe('mapHashedExternals in a child Node', () => {
  it('resolves a hashed name for import and require, and prints no warning', async () => {
    const bundle = join(scratch, 'next-externals.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./next-externals.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    const dir = join(scratch, 'dashboard');
    mkdirSync(join(dir, '.next'), { recursive: true });
    writeFileSync(
      join(dir, '.next', 'required-server-files.json'),
      JSON.stringify({ config: { serverExternalPackages: ['zod'] } }),
    );
    const script = [
      `import { mapHashedExternals } from ${JSON.stringify(bundle)};`,
      "import { createRequire } from 'node:module';",
      `if (!mapHashedExternals(${JSON.stringify(dir)})) throw new Error('not installed');`,
      "const imported = await import('zod-0123456789abcdef');",
      `const required = createRequire(${JSON.stringify(join(ROOT, 'package.json'))})('zod-0123456789abcdef');`,
      'console.log(typeof imported.z.object, typeof required.z.object);',
    ].join('\n');
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
    expect(stdout.trim()).toBe('function function');
    expect(stderr).toBe('');
  });
});
