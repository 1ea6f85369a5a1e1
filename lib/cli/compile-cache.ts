/**
 * The CLI's compiled code kept between runs by Node.js's own compile cache (`module.enableCompileCache`,
 * Node 22.1+; on Node 20 there is none and the CLI compiles from source). bin/mcp-hintcheck.cjs calls
 * enableCompileCache before it loads the bundle. Kept for its figure: the paired wall time of
 * `audit --listen 0` of server-everything with this cache against without is 0.912 on Node 24
 * (docs/benchmarks.md; the hand-written cache it replaces measured 0.871).
 *
 * The folder: HINTCHECK_COMPILE_CACHE (an absolute folder, or `off`), else the user's cache directory
 * ($XDG_CACHE_HOME or ~/.cache on Linux and other Unixes, ~/Library/Caches on macOS, %LOCALAPPDATA% on
 * Windows), in a `mcp-hintcheck` folder. Node checks a cache entry against a CRC32 of the source, which
 * anyone can forge, so what Node reads must be a folder only this user can write: a folder that is a
 * symbolic link, belongs to another user or is writable by group or others, or a relative path, is not
 * used (said once on stderr) and the CLI runs without a cache. Node's default folder (the shared
 * temporary directory) is never used. docs/security.md (C1-C6) has the attacks tried.
 */
import { lstatSync, mkdirSync, type Stats } from 'node:fs';
import module from 'node:module';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { PRODUCT_NAME, productEnv } from '../core/product';

export const COMPILE_CACHE_OFF = 'off';

/** The cache folder, or null when turned off (it may be relative: see cacheDirProblem). */
export function compileCacheDir(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
  home: string,
): string | null {
  const chosen = productEnv(env, 'COMPILE_CACHE');
  if (chosen?.value === COMPILE_CACHE_OFF) return null;
  if (chosen !== undefined && chosen.value !== '') return chosen.value;
  if (platform === 'win32') {
    const base = env.LOCALAPPDATA ?? win32.join(home, 'AppData', 'Local');
    return win32.join(base, PRODUCT_NAME, 'compile-cache');
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Caches', PRODUCT_NAME);
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec: a relative XDG_CACHE_HOME is invalid and must be ignored.
  const base = xdg?.startsWith('/') === true ? xdg : posix.join(home, '.cache');
  return posix.join(base, PRODUCT_NAME);
}

/** Why a cache folder is not used whatever is in it (a relative path names a folder of the current directory). */
export function cacheDirProblem(dir: string, platform: NodeJS.Platform): string | null {
  const absolute = platform === 'win32' ? win32.isAbsolute(dir) : posix.isAbsolute(dir);
  return absolute ? null : 'is a relative path (it would name a folder of the current directory)';
}

/** What lstat says of a folder, as far as trusting it goes. */
export type CacheDirStat = Pick<Stats, 'uid' | 'mode' | 'isSymbolicLink' | 'isDirectory'>;

/**
 * Why a cache folder cannot be trusted by the user `uid`, or null: a symbolic link, not a folder,
 * owned by someone else, or writable by group or others. `uid` null (Windows) checks the kind only.
 */
export function cacheDirStatProblem(stat: CacheDirStat, uid: number | null): string | null {
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  if (!stat.isDirectory()) return 'is not a folder';
  if (uid === null) return null;
  if (stat.uid !== uid) return `belongs to another user (uid ${String(stat.uid)})`;
  if ((stat.mode & 0o022) !== 0)
    return `is writable by group or others (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')})`;
  return null;
}

/** A path or other outside text for the one warning line: control characters shown as \u escapes. */
export function visibleControls(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g,
    (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`,
  );
}

/** lstat's problem with the folder, creating it (mode 0700) when it does not exist yet. */
function folderProblem(dir: string, uid: number | null): string | null {
  try {
    return cacheDirStatProblem(lstatSync(dir), uid);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return 'cannot be read';
  }
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return cacheDirStatProblem(lstatSync(dir), uid);
  } catch {
    return 'cannot be created';
  }
}

/**
 * Turns on Node's compile cache in the user's own folder, when this Node has one; a folder that
 * fails the checks is said in one line on `stderr` and the CLI runs without a cache.
 */
export function enableCompileCache(
  env: Readonly<Record<string, string | undefined>>,
  stderr: { write(text: string): unknown },
): void {
  const enable = (module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (enable === undefined) return;
  const dir = compileCacheDir(env, process.platform, homedir());
  if (dir === null) return;
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  const problem = cacheDirProblem(dir, process.platform) ?? folderProblem(dir, uid);
  if (problem !== null) {
    stderr.write(
      `mcp-hintcheck: not using the code cache: the folder ${visibleControls(dir)} ${problem}; running without it ` +
        '(use a folder of your own with mode 700, or HINTCHECK_COMPILE_CACHE=off).\n',
    );
    return;
  }
  enable(dir);
}
