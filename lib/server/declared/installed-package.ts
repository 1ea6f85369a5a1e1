/**
 * The npm package a local command runs, read from its package.json (name, version, `mcpName`): the
 * command itself when it is a file inside a package (a bin link is followed), else the first argument
 * that is such a file (`node path/to/dist/index.js`), else a package named after `npx` / `npm exec`
 * found in node_modules above the working folder. Nothing is installed or run; null when none is found.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { isRecord } from '../../core/is-record';
import type { InstalledPackage } from '../../core/server-json/input';

const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;

function readPackage(file: string): InstalledPackage | null {
  try {
    if (statSync(file).size > MAX_PACKAGE_JSON_BYTES) return null;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isRecord(parsed) || typeof parsed.name !== 'string') return null;
    return {
      name: parsed.name,
      version: typeof parsed.version === 'string' ? parsed.version : null,
      mcpName: typeof parsed.mcpName === 'string' ? parsed.mcpName : null,
    };
  } catch {
    return null;
  }
}

/** The nearest package.json at or above a file, inside a node_modules folder (a project's own root is not a package it runs). */
function packageAbove(file: string): InstalledPackage | null {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return null;
  }
  if (!real.split(/[\\/]/).includes('node_modules')) return null;
  for (let folder = dirname(real); ; folder = dirname(folder)) {
    const candidate = join(folder, 'package.json');
    if (existsSync(candidate)) return readPackage(candidate);
    if (dirname(folder) === folder) return null;
  }
}

/** `npx -y @scope/name@1.2.3 ...` / `npm exec -- name`: the package's name, without its version. */
function npxPackage(command: string, args: readonly string[]): string | null {
  const base = command.split(/[\\/]/).pop() ?? command;
  const rest =
    base === 'npm' || base === 'npm.cmd'
      ? args[0] === 'exec'
        ? args.slice(1)
        : null
      : base.startsWith('npx')
        ? args
        : null;
  if (rest === null) return null;
  const spec = rest.find((arg) => !arg.startsWith('-'));
  if (spec === undefined) return null;
  const match = /^(@[^/@]+\/[^/@]+|[^/@][^@]*)(?:@.*)?$/.exec(spec);
  return match?.[1] ?? null;
}

function inNodeModules(name: string, from: string): InstalledPackage | null {
  for (let folder = resolve(from); ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return readPackage(candidate);
    if (dirname(folder) === folder) return null;
  }
}

export function installedPackageOf(target: {
  command: string;
  args: readonly string[];
  cwd?: string | undefined;
}): InstalledPackage | null {
  const cwd = target.cwd ?? process.cwd();
  const asFile = (path: string): string => (isAbsolute(path) ? path : resolve(cwd, path));
  if (/[\\/]/.test(target.command)) {
    const found = packageAbove(asFile(target.command));
    if (found !== null) return found;
  }
  const script = target.args.find((arg) => !arg.startsWith('-'));
  if (script !== undefined && /[\\/]/.test(script) && existsSync(asFile(script))) {
    const found = packageAbove(asFile(script));
    if (found !== null) return found;
  }
  const named = npxPackage(target.command, target.args);
  return named === null ? null : inNodeModules(named, cwd);
}
