// The CLI's code cache (lib/cli/launcher.ts): written after a command that audited, used by the next
// run, refused (by its header or by V8) and rewritten when it does not fit, never needed for a correct
// answer. Planted caches: test/compile-cache-planted.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, DEMO_SERVER, ROOT } from './helpers';

function run(args: string[], cacheDir: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, HINTCHECK_COMPILE_CACHE: cacheDir, HINTCHECK_DB: 'off' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout });
    });
  });
}

const cacheFiles = (dir: string): string[] => {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.v8'));
  } catch {
    return [];
  }
};

const audit = ['audit', '--json', '--', process.execPath, DEMO_SERVER];

describe('the compile cache', () => {
  it('is written after an audit (owner-only), not after --version, and the next run answers the same', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hintcheck-cc-')), 'cache');
    expect((await run(['--version'], dir)).code).toBe(0);
    expect(cacheFiles(dir)).toEqual([]);

    const first = await run(audit, dir);
    expect(first.code).toBe(0);
    // rest.cjs only (main.cjs is compiled from source), named by its content's SHA-256.
    const files = cacheFiles(dir);
    expect(files).toEqual([expect.stringMatching(/^cli-rest-[0-9a-f]{64}-v\d+\.\d+\.\d+-.*\.v8$/)]);
    const path = join(dir, files[0] ?? '');
    if (process.platform !== 'win32') {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
    const written = statSync(path).mtimeMs;

    const second = await run(audit, dir);
    expect(second.code).toBe(0);
    const tools = (out: string) => (JSON.parse(out) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(tools(second.stdout)).toEqual(tools(first.stdout));
    // Used, not rewritten.
    expect(statSync(path).mtimeMs).toBe(written);
  });

  it('a corrupt cache is refused and replaced, the cache of an earlier build removed, nothing else; the audit is unaffected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hintcheck-cc-'));
    mkdirSync(dir, { recursive: true });
    const earlier = `cli-rest-${'0'.repeat(64)}-v20.0.0-x64.v8`;
    writeFileSync(join(dir, earlier), 'old');
    const kept = ['cli-rest-of-an-earlier-layout.v8', 'cli-main-v4x-mx4u1hro-v20.20.2-x64.v8', 'not-ours.txt'];
    for (const name of kept) writeFileSync(join(dir, name), 'kept');
    expect((await run(audit, dir)).code).toBe(0);
    const files = cacheFiles(dir).filter((name) => !kept.includes(name));
    expect(files).toEqual([expect.stringMatching(/^cli-rest-[0-9a-f]{64}-/)]);
    const path = join(dir, files[0] ?? '');
    // Right header, data V8 refuses; then no header at all.
    const header = readFileSync(path).subarray(0, 100).toString('latin1').split('\n').slice(0, 2).join('\n');
    for (const corrupt of [Buffer.concat([Buffer.from(`${header}\n`), Buffer.alloc(4096, 7)]), Buffer.alloc(4096, 7)]) {
      writeFileSync(path, corrupt);
      const after = await run(audit, dir);
      expect(after.code).toBe(0);
      expect(statSync(path).size).toBeGreaterThan(4096 + header.length + 1);
    }
    expect(cacheFiles(dir).sort()).toEqual([...files, ...kept.filter((name) => name.endsWith('.v8'))].sort());
    for (const name of kept) expect(readFileSync(join(dir, name), 'utf8')).toBe('kept');
  });

  it('HINTCHECK_COMPILE_CACHE=off writes nothing; a folder that cannot be made costs nothing but the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hintcheck-cc-'));
    const off = await run(audit, 'off');
    expect(off.code).toBe(0);
    // Not a folder named "off" either.
    expect(existsSync(join(ROOT, 'off'))).toBe(false);
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const blocked = await run(audit, join(blocker, 'cache'));
    expect(blocked.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['a-file']);
  });
});
