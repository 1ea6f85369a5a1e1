/**
 * Where the CLI keeps V8's compiled code between runs: HINTCHECK_COMPILE_CACHE (a folder, or `off`),
 * else the user's cache directory: $XDG_CACHE_HOME or ~/.cache on Linux and other Unixes,
 * ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows; in a `mcp-hintcheck` folder. One file per
 * bundle file, build and Node.js version (V8 refuses a cache made by another version or for other
 * source).
 */
import { posix, win32 } from 'node:path';
import { PRODUCT_NAME, productEnv } from '../core/product';

export const COMPILE_CACHE_OFF = 'off';

/** The cache folder, or null when turned off. */
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

/** What every cache file's name starts with (anything else in the folder is left alone). */
export const CACHE_FILE_PREFIX = 'cli-';

/** The name every cache file of a bundle starts with (main, rest). */
export function compileCachePrefix(bundleName: string): string {
  return `${CACHE_FILE_PREFIX}${bundleName}-`;
}

/** The cache file of one bundle build (its size and modification time) for one Node.js version. */
export function compileCacheName(
  bundleName: string,
  bundle: { size: number; mtimeMs: number },
  nodeVersion: string,
  arch: string,
): string {
  const build = `${bundle.size.toString(36)}-${Math.trunc(bundle.mtimeMs).toString(36)}`;
  return `${compileCachePrefix(bundleName)}${build}-${nodeVersion}-${arch}.v8`;
}
