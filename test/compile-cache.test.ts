// The CLI's code cache (lib/cli/launcher.ts): written after a command that audited, used by the next
// run, refused by V8 and rewritten when it does not fit, never needed for a correct answer.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
    // One per bundle: main.cjs (before the spawn) and rest.cjs (the audit).
    const files = cacheFiles(dir).sort();
    expect(files).toEqual([
      expect.stringMatching(/^cli-main-.*-v\d+\.\d+\.\d+-.*\.v8$/),
      expect.stringMatching(/^cli-rest-/),
    ]);
    const path = join(dir, files[1] ?? '');
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

  it('a corrupt cache is refused by V8 and replaced (and the cache of an earlier build removed); the audit is unaffected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hintcheck-cc-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cli-rest-of-an-earlier-build.v8'), 'old');
    writeFileSync(join(dir, 'cli-of-an-earlier-layout.v8'), 'old');
    writeFileSync(join(dir, 'not-ours.txt'), 'kept');
    expect((await run(audit, dir)).code).toBe(0);
    const files = cacheFiles(dir).sort();
    expect(files).toHaveLength(2);
    const path = join(dir, files[1] ?? '');
    writeFileSync(path, Buffer.alloc(4096, 7));
    const after = await run(audit, dir);
    expect(after.code).toBe(0);
    expect(statSync(path).size).toBeGreaterThan(4096);
    expect(cacheFiles(dir).sort()).toEqual(files);
    expect(existsSync(join(dir, 'not-ours.txt'))).toBe(true);
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
