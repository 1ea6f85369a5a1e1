// The CLI's compile cache is Node's own (module.enableCompileCache, lib/cli/compile-cache.ts), kept
// in a folder only the user can write. Node checks an entry against a CRC32 of the source, which
// anyone can forge: the first case shows a forged entry running as the CLI when its folder is used,
// so the refusals below can fail. Each hostile entry is made by Node itself for other code of the
// bundle's exact length, at the bundle's path (a copy of bin/ and dist/cli/ in a temporary folder),
// then given the real bundle's CRC32; its code writes a marker file. docs/security.md C1-C6.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

const HAS_CACHE = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const isRoot = process.getuid?.() === 0;
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-cc-'));
/** A copy of the built CLI: bin/, dist/cli/ and a link to node_modules. */
const copy = join(scratch, 'package');
const bundle = join(copy, 'dist/cli/main.cjs');
const marker = join(scratch, 'hostile-code-ran');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cacheDir: string, cwd = scratch): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(copy, 'bin/mcp-hintcheck.cjs'), ...args], {
      cwd,
      env: { ...process.env, HINTCHECK_COMPILE_CACHE: cacheDir, HINTCHECK_DB: 'off', HINTCHECK_TEST_MARKER: marker },
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

/** Code that writes the marker, as long as `real` in bytes and in UTF-16 units (what Node and V8 compare). */
function hostileLike(real: Buffer): Buffer {
  const units = real.toString('utf8').length;
  const code =
    "require('node:fs').writeFileSync(process.env.HINTCHECK_TEST_MARKER, 'ran'); exports.main = async () => 0;\n//";
  const twoByte = real.length - units;
  const text = code + 'é'.repeat(twoByte) + ' '.repeat(units - code.length - twoByte);
  const bytes = Buffer.from(text);
  expect([bytes.length, text.length]).toEqual([real.length, units]);
  return bytes;
}

/** Node's entry for the hostile code, its path inside a cache folder, with the real bundle's CRC32. */
let forged: { sub: string; name: string; data: Buffer };
/** The same entry as Node wrote it (its CRC32 is the hostile code's). */
let stale: Buffer;

function plant(dir: string, data: Buffer = forged.data): void {
  mkdirSync(join(dir, forged.sub), { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, forged.sub, forged.name), data, { mode: 0o600 });
}

const refusedLine = (stderr: string) => stderr.split('\n').filter((line) => line.includes('not using the code cache'));

beforeAll(async () => {
  mkdirSync(join(copy, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist/cli'), join(copy, 'dist/cli'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  if (!HAS_CACHE) return;
  const real = readFileSync(bundle);
  writeFileSync(bundle, hostileLike(real));
  const made = join(scratch, 'made');
  await run(['--version'], made);
  const sub = readdirSync(made)[0] ?? '';
  const name = readdirSync(join(made, sub))[0] ?? '';
  stale = readFileSync(join(made, sub, name));
  const data = Buffer.from(stale);
  // The header: key, source size, cache size, source CRC32, cache CRC32 (Node's compile_cache.cc).
  data.writeUInt32LE(crc32(real), 12);
  forged = { sub, name, data };
  writeFileSync(bundle, real);
  expect(existsSync(marker)).toBe(true);
});

const fresh = (label: string) => {
  const path = join(scratch, label);
  mkdirSync(path, { mode: 0o700 });
  return path;
};

describe.runIf(HAS_CACHE)('a planted compile cache entry', () => {
  it('C0: in a folder of the user, a forged entry runs as the CLI (what the folder checks are for)', async () => {
    writeFileSync(marker, '');
    const dir = fresh('own');
    plant(dir);
    await run(['--version'], dir);
    expect(readFileSync(marker, 'utf8')).toBe('ran');
  });

  it.each(
    (
      [
        [
          'C1: a folder owned by another user (uid 65534)',
          'belongs to another user (uid 65534)',
          (dir: string) => {
            chownSync(dir, 65534, 65534);
            chmodSync(dir, 0o755);
          },
          true,
        ],
        [
          'C2: a group-writable folder (mode 2775), as a shared HINTCHECK_COMPILE_CACHE=/shared',
          'is writable by group or others (mode 2775)',
          (dir: string) => {
            chmodSync(dir, 0o2775);
          },
          false,
        ],
      ] as const
    ).filter(([, , , needsRoot]) => isRoot || !needsRoot),
  )('%s is not used: one line, no hostile code, the CLI answers', async (label, problem, loosen) => {
    writeFileSync(marker, '');
    const dir = fresh(label.slice(0, 2));
    plant(dir);
    loosen(dir);
    const result = await run(['--version'], dir);
    expect([result.code, result.stdout]).toEqual([0, '0.1.0\n']);
    expect(refusedLine(result.stderr)).toEqual([expect.stringContaining(problem)]);
    expect(readFileSync(marker, 'utf8')).toBe('');
  });

  it('C3: a relative HINTCHECK_COMPILE_CACHE=.hintcheck-cache shipped in a checkout is refused', async () => {
    writeFileSync(marker, '');
    const checkout = fresh('checkout');
    plant(join(checkout, '.hintcheck-cache'));
    const result = await run(['--version'], '.hintcheck-cache', checkout);
    expect(refusedLine(result.stderr)).toEqual([expect.stringContaining('is a relative path')]);
    expect(readFileSync(marker, 'utf8')).toBe('');
  });

  it('C4: a folder that is a symbolic link to a planted folder is refused', async () => {
    writeFileSync(marker, '');
    const target = fresh('link-target');
    plant(target);
    const link = join(scratch, 'link');
    symlinkSync(target, link);
    const result = await run(['--version'], link);
    expect(refusedLine(result.stderr)).toEqual([expect.stringContaining('is a symbolic link')]);
    expect(readFileSync(marker, 'utf8')).toBe('');
  });

  it.each([
    ['made for other code of the same length (not forged)', () => stale],
    ['cut short', () => forged.data.subarray(0, 100)],
  ])('C6: an entry %s in the folder is refused by Node and the CLI answers', async (label, data) => {
    writeFileSync(marker, '');
    const dir = fresh(`c6-${label.split(' ')[0] ?? ''}`);
    plant(dir, data());
    const result = await run(['--version'], dir);
    expect([result.code, result.stdout, refusedLine(result.stderr)]).toEqual([0, '0.1.0\n', []]);
    expect(readFileSync(marker, 'utf8')).toBe('');
  });

  it('a missing folder is made owner-only, and the next run reads what the first wrote', async () => {
    const dir = join(scratch, 'new', 'cache');
    await run(['--version'], dir);
    if (process.platform !== 'win32') expect(statSync(dir).mode & 0o777).toBe(0o700);
    const second = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [join(copy, 'bin/mcp-hintcheck.cjs'), '--version'], {
        env: { ...process.env, HINTCHECK_COMPILE_CACHE: dir, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', () => {
        resolve(stderr);
      });
    });
    expect(second).toMatch(/main\.cjs was accepted/);
  });
});

describe.runIf(!HAS_CACHE)('a Node.js without module.enableCompileCache (20)', () => {
  it('runs without a cache: no folder is made', async () => {
    const dir = join(scratch, 'never');
    expect((await run(['--version'], dir)).stdout).toBe('0.1.0\n');
    expect(existsSync(dir)).toBe(false);
  });
});
