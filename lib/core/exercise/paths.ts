/**
 * Paths inside the sandbox: POSIX normalisation (no Node path module in lib/core), and the area a
 * path falls in (the sandbox HOME, its working folder, its /tmp, or the read-only system), shown
 * relative to that area (~/x, ./x).
 */
import type { Area } from './schema';

/** Where the sandbox's writable folders are, as the server sees them. */
export interface SandboxLayout {
  home: string;
  work: string;
  tmp: string;
  /** The sandbox's private /dev/shm (a writable area like /tmp). */
  shm: string;
  /** Planted canary files (absolute sandbox paths) and what each imitates. */
  canaries: readonly string[];
  /** Files planted before the server started (canaries and samples): they exist at the start. */
  planted: readonly string[];
}

/** Resolves `path` against `base` and removes `.`, `..` and repeated slashes. */
export function normalizePath(path: string, base = '/'): string {
  const joined = path.startsWith('/') ? path : `${base}/${path}`;
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

function under(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** The area of an absolute sandbox path; the most specific folder wins (HOME and work sit inside /tmp). */
export function areaOf(path: string, layout: SandboxLayout): Area {
  if (under(path, layout.home)) return 'home';
  if (under(path, layout.work)) return 'work';
  if (under(path, layout.tmp) || under(path, layout.shm)) return 'tmp';
  return 'system';
}

/** ~/x in HOME, ./x in the working folder, the absolute path elsewhere. */
export function displayPath(path: string, layout: SandboxLayout): string {
  const area = areaOf(path, layout);
  if (area === 'home') return path === layout.home ? '~' : `~${path.slice(layout.home.length)}`;
  if (area === 'work') return path === layout.work ? '.' : `.${path.slice(layout.work.length)}`;
  return path;
}
