/**
 * Where the CLI keeps V8's compiled code between runs and what a cache file must be before it is used
 * (pure; the launcher does the I/O). The folder: HINTCHECK_COMPILE_CACHE (an absolute folder, or
 * `off`), else the user's cache directory: $XDG_CACHE_HOME or ~/.cache on Linux and other Unixes,
 * ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows; in a `mcp-hintcheck` folder.
 *
 * V8 checks cached data only against the source's length, its own version and its flags, never the
 * source's content: data made for other code of the same length runs as that code. So each file is
 * bound to the bundle's content: its SHA-256 is in the file's name and in a header read before V8 sees
 * the data, and a folder or file that another user could have written is not read at all.
 */
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

/** What lstat/fstat say of a folder or file, as far as trusting it goes. */
export interface CacheEntryStat {
  uid: number;
  mode: number;
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
  isFile(): boolean;
}

/**
 * Why a cache folder or file cannot be trusted by the user `uid`, or null: a symbolic link, the wrong
 * kind, owned by someone else, or writable by group or others. `uid` null (Windows) checks the kind only.
 */
export function cacheEntryProblem(stat: CacheEntryStat, kind: 'folder' | 'file', uid: number | null): string | null {
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  if (kind === 'folder' ? !stat.isDirectory() : !stat.isFile()) return `is not a ${kind}`;
  if (uid === null) return null;
  if (stat.uid !== uid) return `belongs to another user (uid ${String(stat.uid)})`;
  if ((stat.mode & 0o022) !== 0)
    return `is writable by group or others (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')})`;
  return null;
}

/** What every cache file's name starts with. */
export const CACHE_FILE_PREFIX = 'cli-';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The cache file of one bundle (by the SHA-256 of its content, hex) for one Node.js version and architecture. */
export function compileCacheName(bundleName: string, sha256: string, nodeVersion: string, arch: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error('compileCacheName: not a SHA-256 in hex');
  return `${CACHE_FILE_PREFIX}${bundleName}-${sha256}-${nodeVersion}-${arch}.v8`;
}

/**
 * A cache file (or an unfinished one: `.<random hex>.tmp`) written by this version of the launcher,
 * whatever the build: the only files the launcher ever deletes.
 */
export const OWN_CACHE_FILE = /^cli-[a-z]+-[0-9a-f]{64}-v\d+\.\d+\.\d+-[a-z0-9]+\.v8(\.[0-9a-f]{24}\.tmp)?$/;

/** The first bytes of a cache file: a magic line and the bundle's SHA-256, then V8's data. */
export function cacheHeader(sha256: string): string {
  return `${PRODUCT_NAME} v8 code cache 1\n${sha256}\n`;
}

/** A path or other outside text for the one warning line: control characters shown as \u escapes. */
export function visibleControls(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g,
    (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`,
  );
}
