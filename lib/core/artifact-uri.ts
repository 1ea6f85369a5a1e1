/**
 * Where a client configuration file goes in SARIF (GitHub code scanning rejects absolute URIs and
 * schemes): a file inside the repository keeps its repository-relative path; a file outside it
 * (~/.cursor/mcp.json) gets a stable pseudo-path under `mcp-client-config/` (`~/` for HOME,
 * `root/` otherwise), with the artifact's description saying where the file really is.
 *
 * Pure path arithmetic, so the CLI and the dashboard map a file the same way: the repository and
 * HOME come in as strings (absolute), posix paths (`/home/me`) and win32 paths (`C:\Users\me`,
 * `\\server\share`) both handled, the way node:path's resolve and relative treat them (win32
 * names compared without case).
 */

/** Pseudo-paths of configuration files outside the repository start with this. */
export const OUTSIDE_REPOSITORY = 'mcp-client-config';

/** An absolute path taken apart: its root (`/`, `C:\`, `\\server\share\`) and its normalized names. */
interface Parsed {
  root: string;
  names: string[];
}

const WIN32_ROOT = /^(?:[A-Za-z]:(?=[\\/]|$)|[\\/]{2}[^\\/]+[\\/]+[^\\/]+)/;

/** Win32 when any of the paths starts with a drive letter or a UNC share. */
function isWin32(...paths: readonly string[]): boolean {
  return paths.some((text) => /^[A-Za-z]:/.test(text) || text.startsWith('\\\\'));
}

/** Names with `.` dropped and `..` applied (never above the root). */
function normalize(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    if (name === '' || name === '.') continue;
    if (name === '..') out.pop();
    else out.push(name);
  }
  return out;
}

/** The absolute form of `file` against `base`, like path.resolve(base, file) (an empty root when neither is absolute). */
function resolve(base: string, file: string, win32: boolean): Parsed {
  const split = (text: string): string[] => (win32 ? text.split(/[\\/]+/) : text.split('/'));
  const absolute = (text: string): Parsed | null => {
    if (win32) {
      const match = WIN32_ROOT.exec(text);
      if (match === null || !/^[\\/]/.test(text.slice(match[0].length) || '\\')) return null;
      return { root: `${match[0].replace(/\//g, '\\')}\\`, names: split(text.slice(match[0].length)) };
    }
    return text.startsWith('/') ? { root: '/', names: split(text) } : null;
  };
  const own = absolute(file);
  if (own !== null) return { root: own.root, names: normalize(own.names) };
  const from = absolute(base) ?? { root: '', names: split(base) };
  return { root: from.root, names: normalize([...from.names, ...split(file)]) };
}

function format(parsed: Parsed, win32: boolean): string {
  return parsed.root + parsed.names.join(win32 ? '\\' : '/');
}

/** The names of `file` below `base` (at least one), or null when it is not inside it. */
function below(file: Parsed, base: Parsed, win32: boolean): string[] | null {
  const same = (a: string, b: string): boolean => (win32 ? a.toLowerCase() === b.toLowerCase() : a === b);
  if (base.root === '' || !same(file.root, base.root) || file.names.length <= base.names.length) return null;
  return base.names.every((name, i) => same(name, file.names[i] ?? '')) ? file.names.slice(base.names.length) : null;
}

function encodeSegments(segments: readonly string[]): string {
  return segments
    .filter((segment) => segment !== '' && segment !== '.')
    .map((segment) => (segment === '..' ? '%2E%2E' : encodeURIComponent(segment)))
    .join('/');
}

/**
 * Where a configuration file goes in SARIF: relative to `root` (the repository, absolute) when
 * inside it, else a pseudo-path under mcp-client-config/ with the real place in `description`.
 * A relative `file` is taken relative to `root`; an empty `home` means none.
 */
export function configArtifact(file: string, root: string, home: string): { uri: string; description?: string } {
  const win32 = isWin32(root, home, file);
  const absolute = resolve(root, file, win32);
  const inside = below(absolute, resolve(root, '', win32), win32);
  // A name may hold the other separator (a backslash on posix): it splits into segments too.
  const segmentsOf = (names: readonly string[]): string[] => names.join('/').split(/[\\/]+/);
  if (inside !== null) return { uri: encodeSegments(segmentsOf(inside)) };
  const fromHome = home === '' ? null : below(absolute, resolve(home, '', win32), win32);
  if (fromHome !== null) {
    const segments = segmentsOf(fromHome);
    return {
      uri: `${OUTSIDE_REPOSITORY}/~/${encodeSegments(segments)}`,
      description: `Outside the repository: ~/${segments.join('/')}`,
    };
  }
  const text = format(absolute, win32);
  return {
    uri: `${OUTSIDE_REPOSITORY}/root/${encodeSegments(text.split(/[\\/]+/))}`,
    description: `Outside the repository: ${text}`,
  };
}

/** path.resolve(base, file) as pure arithmetic, posix or win32 as the paths are spelled. */
export function resolvePath(base: string, file: string): string {
  const win32 = isWin32(base, file);
  return format(resolve(base, file, win32), win32);
}

/** Whether `file` lies below the folder `base` (both resolved; win32 names compared without case). */
export function isBelow(file: string, base: string): boolean {
  const win32 = isWin32(base, file);
  return below(resolve(base, file, win32), resolve(base, '', win32), win32) !== null;
}
