/**
 * Where the audit history lives: `--db PATH`, else HINTCHECK_DB,
 * else the user's data directory: $XDG_DATA_HOME or ~/.local/share on Linux and other Unixes,
 * ~/Library/Application Support on macOS, %LOCALAPPDATA% (else %APPDATA%) on Windows; in a
 * `mcp-hintcheck` folder, file history.db. HINTCHECK_DB=off turns the history off.
 */
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { PRODUCT_NAME, productEnv } from '../../core/product';

export const HISTORY_FILE = 'history.db';

/** The default history file for a platform and environment. */
export function defaultHistoryPath(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    const base = env.LOCALAPPDATA ?? env.APPDATA ?? win32.join(home, 'AppData', 'Local');
    return win32.join(base, PRODUCT_NAME, HISTORY_FILE);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME, HISTORY_FILE);
  const xdg = env.XDG_DATA_HOME;
  // The XDG spec: a relative XDG_DATA_HOME is invalid and must be ignored.
  const base = xdg?.startsWith('/') === true ? xdg : posix.join(home, '.local', 'share');
  return posix.join(base, PRODUCT_NAME, HISTORY_FILE);
}

/** HINTCHECK_DB=off: no history at all (CLI and dashboard). */
export const HISTORY_OFF = 'off';

/**
 * The history file to use and where that came from; path null when HINTCHECK_DB
 * is `off`. An empty variable counts as unset.
 */
export function resolveHistoryPath(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { path: string | null; from: string } {
  if (flag !== undefined) return { path: flag, from: '--db' };
  const fromEnv = productEnv(env, 'DB');
  if (fromEnv?.value === HISTORY_OFF) return { path: null, from: fromEnv.variable };
  if (fromEnv !== undefined && fromEnv.value !== '') return { path: fromEnv.value, from: fromEnv.variable };
  return { path: defaultHistoryPath(env), from: 'default' };
}
