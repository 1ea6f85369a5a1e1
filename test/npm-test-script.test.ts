// `npm test`'s own machinery (issue 49): the prepack guard, run by a real `npm pack` on a copy of the
// package, and the closing lines about skipped tests (scripts/test-skips.mjs) read from a real Vitest
// JSON report of a file that skips, with CI failing when that file is a sandbox test.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { skippedFiles, skipVerdict } from '../scripts/test-skips.mjs';
import { ROOT } from './helpers';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-npm-test-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface Verdict {
  lines: string[];
  fail: boolean;
}
const verdict = skipVerdict as (input: unknown) => Verdict;

describe('prepack refuses an unbuilt tree', () => {
  const pkg = join(scratch, 'pkg');
  const pack = () =>
    run('npm', ['pack', '--dry-run', '--json'], { cwd: pkg }).then(
      () => ({ code: 0, stderr: '' }),
      (error: unknown) => {
        const failed = error as { code: number; stderr: string };
        return { code: failed.code, stderr: failed.stderr };
      },
    );

  it('fails naming what is missing, then packs once the build is there', async () => {
    const real = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { prepack: string } };
    mkdirSync(join(pkg, 'scripts'), { recursive: true });
    cpSync(join(ROOT, 'scripts/prepack.mjs'), join(pkg, 'scripts/prepack.mjs'));
    const files = ['bin/', 'dist/cli/', 'dist/serve.mjs', '.next/', '!.next/cache/'];
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({ name: 'p', version: '1.0.0', files, scripts: { prepack: real.scripts.prepack } }),
    );
    mkdirSync(join(pkg, 'bin'));
    writeFileSync(join(pkg, 'bin/cli.cjs'), '');
    const unbuilt = await pack();
    expect(unbuilt.code).not.toBe(0);
    expect(unbuilt.stderr).toContain('refusing to pack an unbuilt tree');
    expect(unbuilt.stderr).toContain('dist/cli/, dist/serve.mjs, .next/, dist/cli/main.cjs, .next/BUILD_ID');
    mkdirSync(join(pkg, 'dist/cli'), { recursive: true });
    mkdirSync(join(pkg, '.next'));
    for (const file of ['dist/cli/main.cjs', 'dist/serve.mjs', '.next/BUILD_ID']) writeFileSync(join(pkg, file), '');
    expect(await pack()).toEqual({ code: 0, stderr: '' });
  });
});

describe('the skipped tests, counted and judged', () => {
  it('counts a real report`s skips per file, and fails CI with bubblewrap only for a sandbox file', async () => {
    const dir = join(scratch, 'skips');
    mkdirSync(dir, { recursive: true });
    const sandboxFile = join(dir, 'sandboxed.test.ts');
    writeFileSync(
      join(dir, 'other.test.ts'),
      "import { it } from 'vitest';\nit('runs', () => {});\nit.skip('waits for Node 20', () => {});\n",
    );
    writeFileSync(
      sandboxFile,
      "import { it } from 'vitest';\n// needs bwrap\nit.skipIf(true)('a', () => {});\nit.skipIf(true)('b', () => {});\n",
    );
    const out = join(dir, 'report.json');
    await run(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter=json', `--outputFile=${out}`],
      { cwd: dir, env: { ...process.env, HINTCHECK_TEST_PART: '' } },
    );
    const files = (skippedFiles as (r: unknown[], root: string) => { file: string; count: number }[])(
      [JSON.parse(readFileSync(out, 'utf8'))],
      dir,
    );
    expect(files.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'other.test.ts', count: 1 },
      { file: 'sandboxed.test.ts', count: 2 },
    ]);
    const source = (file: string) => readFileSync(join(dir, file), 'utf8');
    const gaps = [{ area: 'sandbox', reason: '`unshare -rn true` fails' }];
    const ci = verdict({ files, e2eSkipped: 1, gaps, ci: true, hasBwrap: true, source });
    expect(ci.fail).toBe(true);
    expect(ci.lines[0]).toBe('skipped: 4 tests');
    expect(ci.lines.join('\n')).toContain('this machine lacks: `unshare -rn true` fails');
    expect(ci.lines.at(-1)).toContain('sandbox tests were skipped (sandboxed.test.ts)');
    expect(verdict({ files, e2eSkipped: 0, gaps, ci: false, hasBwrap: true, source }).fail).toBe(false);
    expect(verdict({ files, e2eSkipped: 0, gaps, ci: true, hasBwrap: false, source }).fail).toBe(false);
    const others = files.filter((f) => f.file === 'other.test.ts');
    expect(verdict({ files: others, e2eSkipped: 0, gaps: [], ci: true, hasBwrap: true, source }).fail).toBe(false);
  });
});
