// A planted code cache never runs and a prepared link is never written through (issue 20): V8 checks
// cached data only against the source's length, so each case plants data made for other code of the
// bundle's length (test/fixtures/planted-code-cache.cjs) whose code writes a marker file, under the
// names this launcher reads (content hash, with its header) and the names the previous one read
// (size and date). The CLI must not run it, must say once what it ignored, and must still audit.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheHeader, compileCacheName } from '../lib/cli/compile-cache';
import { CLI, ROOT } from './helpers';

const PLANT = join(ROOT, 'test/fixtures/planted-code-cache.cjs');
const BUNDLES = ['main', 'rest'].map((name) => ({ name, file: join(ROOT, 'dist/cli', `${name}.cjs`) }));
const isRoot = process.getuid?.() === 0;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>, cwd = ROOT, node: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...node, CLI, ...args], {
      cwd,
      env: { ...process.env, HINTCHECK_DB: 'off', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/** The names a launcher reads for a bundle: [the previous one's (size, date), this one's (content hash)]. */
function cacheNames(bundle: { name: string; file: string }): { old: string; current: string; sha256: string } {
  const stat = statSync(bundle.file);
  const build = `${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}`;
  const sha256 = createHash('sha256').update(readFileSync(bundle.file)).digest('hex');
  return {
    old: `cli-${bundle.name}-${build}-${process.version}-${process.arch}.v8`,
    current: compileCacheName(bundle.name, sha256, process.version, process.arch),
    sha256,
  };
}

/** Writes hostile caches for both bundles into `dir` (or links to them, kept in `store`); returns the paths. */
function plant(dir: string, marker: string, store?: string): string[] {
  const planted: string[] = [];
  for (const bundle of BUNDLES) {
    const data = join(mkdtempSync(join(tmpdir(), 'h20cli-plant-')), 'data.v8');
    const made = spawnSync(process.execPath, [PLANT, bundle.file, marker, data]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const v8 = readFileSync(data);
    const names = cacheNames(bundle);
    const files: [string, Buffer][] = [
      [names.old, v8],
      [names.current, Buffer.concat([Buffer.from(cacheHeader(names.sha256)), v8])],
    ];
    for (const [name, content] of files) {
      const path = join(dir, name);
      if (store === undefined) writeFileSync(path, content, { mode: 0o600 });
      else {
        writeFileSync(join(store, name), content, { mode: 0o600 });
        symlinkSync(join(store, name), path);
      }
      planted.push(path);
    }
  }
  return planted;
}

const AUDIT = ['audit', '--demo', '--json'];

async function expectNeverRuns(env: Record<string, string>, marker: string, cwd?: string): Promise<Run[]> {
  const runs = [await run(['--version'], env, cwd), await run(AUDIT, env, cwd), await run(AUDIT, env, cwd)];
  expect(existsSync(marker)).toBe(false);
  for (const result of runs) expect(result.code).toBe(0);
  expect((JSON.parse(runs[1]?.stdout ?? '') as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  return runs;
}

/** The one line an audit says about its cache. */
function cacheLines(result: Run | undefined): string[] {
  return (result?.stderr ?? '').split('\n').filter((line) => line.includes('code cache'));
}

describe('a planted code cache', () => {
  it.skipIf(!isRoot)('owned by another user (uid 65534) never runs; the audit says so once and runs', async () => {
    const base = mkdtempSync(join(tmpdir(), 'h20cli-cc-'));
    const dir = join(base, 'cache');
    mkdirSync(dir, { mode: 0o700 });
    const marker = join(base, 'marker');
    for (const path of plant(dir, marker)) chownSync(path, 65534, 65534);
    const runs = await expectNeverRuns({ HINTCHECK_COMPILE_CACHE: dir }, marker);
    expect(cacheLines(runs[1])).toEqual([
      expect.stringMatching(
        /^mcp-hintcheck: not using the code cache: the file .*cli-rest-.* belongs to another user \(uid 65534\); running without it/,
      ),
    ]);
    // Replaced by a file of the user's own after that audit: the next one uses it and says nothing.
    expect(cacheLines(runs[2])).toEqual([]);
  });

  it('in a group-writable folder never runs, and nothing is written there', async () => {
    const base = mkdtempSync(join(tmpdir(), 'h20cli-cc-'));
    const dir = join(base, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o2775);
    const marker = join(base, 'marker');
    const planted = plant(dir, marker);
    const runs = await expectNeverRuns({ HINTCHECK_COMPILE_CACHE: dir }, marker);
    for (const result of runs.slice(1))
      expect(cacheLines(result)).toEqual([
        expect.stringMatching(
          /^mcp-hintcheck: not using the code cache: the folder .*shared is writable by group or others \(mode 2775\); running without it/,
        ),
      ]);
    expect(
      readdirSync(dir)
        .map((name) => join(dir, name))
        .sort(),
    ).toEqual([...planted].sort());
  });

  it('in a relative folder (HINTCHECK_COMPILE_CACHE=.hintcheck-cache, shipped in a checkout) never runs', async () => {
    const checkout = mkdtempSync(join(tmpdir(), 'h20cli-checkout-'));
    const dir = join(checkout, '.hintcheck-cache');
    mkdirSync(dir, { mode: 0o700 });
    const marker = join(checkout, 'marker');
    const planted = plant(dir, marker);
    const runs = await expectNeverRuns({ HINTCHECK_COMPILE_CACHE: '.hintcheck-cache' }, marker, checkout);
    expect(cacheLines(runs[1])).toEqual([
      expect.stringMatching(
        /^mcp-hintcheck: not using the code cache: the folder \.hintcheck-cache is a relative path/,
      ),
    ]);
    expect(readdirSync(dir).length).toBe(planted.length);
  });

  it('reached through a symbolic link never runs, and the link is replaced, not written through', async () => {
    const base = mkdtempSync(join(tmpdir(), 'h20cli-cc-'));
    const dir = join(base, 'cache');
    const store = join(base, 'elsewhere');
    mkdirSync(dir, { mode: 0o700 });
    mkdirSync(store, { mode: 0o700 });
    const marker = join(base, 'marker');
    plant(dir, marker, store);
    const before = readdirSync(store).map((name) => readFileSync(join(store, name)));
    const runs = await expectNeverRuns({ HINTCHECK_COMPILE_CACHE: dir }, marker);
    expect(cacheLines(runs[1])).toEqual([expect.stringMatching(/the file .*cli-rest-.* is a symbolic link/)]);
    expect(readdirSync(store).map((name) => readFileSync(join(store, name)))).toEqual(before);
    const current = cacheNames(BUNDLES[1] ?? { name: '', file: '' }).current;
    expect(lstatSync(join(dir, current)).isFile()).toBe(true);
  });
});

describe('the temporary file the cache is written through', () => {
  it('never follows a prepared link: the file it points to is not overwritten', async () => {
    const base = mkdtempSync(join(tmpdir(), 'h20cli-cc-'));
    const dir = join(base, 'cache');
    mkdirSync(dir, { mode: 0o700 });
    const target = join(base, 'precious');
    writeFileSync(target, 'precious, owned by the user running the audit');
    // Links at `<cache file>.<pid>.tmp` for the pid of the CLI itself (planted by a preload in its
    // process), under every name a launcher writes.
    const paths = BUNDLES.flatMap((bundle) => {
      const names = cacheNames(bundle);
      return [names.old, names.current].map((name) => join(dir, name));
    });
    const result = await run(
      AUDIT,
      { HINTCHECK_COMPILE_CACHE: dir, PLANT_TMP_LINKS: JSON.stringify(paths), PLANT_TMP_TARGET: target },
      ROOT,
      ['-r', PLANT],
    );
    expect(result.code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('precious, owned by the user running the audit');
    // The cache was still written, as a regular file of its own.
    const written = readdirSync(dir).filter((name) => name.endsWith('.v8'));
    expect(written).toHaveLength(1);
    expect(lstatSync(join(dir, written[0] ?? '')).isFile()).toBe(true);
  });
});
