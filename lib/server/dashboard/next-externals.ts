/**
 * Turbopack loads each of next.config.ts's serverExternalPackages under a name with a hash of where
 * it was found at build time (`better-sqlite3-90e2652d1716b047`, `@modelcontextprotocol/sdk-4089…/
 * client/auth.js`), through symlinks it writes into .next/node_modules. npm never packs a
 * node_modules folder, and an installed package's dependencies are wherever npm put them (usually
 * hoisted beside it), so the installed dashboard has no such links. There, these hooks map a hashed
 * name back to the package as Node resolves it from the dashboard's own files: for require()
 * (Module._resolveFilename) and for import (a resolve hook: module.registerHooks, in the thread, where
 * Node has it, 22.15 and later; module.register on Node 20, which Node 26 deprecates with DEP0205).
 * Nothing is written into the installed package.
 */
import { existsSync, readFileSync } from 'node:fs';
import Module, { register } from 'node:module';

/** The synchronous hooks of Node 22.15+ (not in @types/node 20): a resolve hook only. */
type RegisterHooks = (hooks: {
  resolve: (specifier: string, context: unknown, next: (specifier: string, context: unknown) => unknown) => unknown;
}) => unknown;
import { join } from 'node:path';

/** `name-<16 hex>` (and a subpath) back to `name` (and the subpath), for the external packages only. */
export function unhashedExternal(specifier: string, packages: readonly string[]): string | null {
  for (const name of packages) {
    const match = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}-[0-9a-f]{16}(/.*)?$`).exec(specifier);
    if (match !== null) return `${name}${match[1] ?? ''}`;
  }
  return null;
}

const RESOLVE_HOOK = (packages: readonly string[]): string => `
const packages = ${JSON.stringify(packages)};
const escape = (name) => name.replace(/[.*+?^\${}()|[\\]\\\\/]/g, '\\\\$&');
export async function resolve(specifier, context, next) {
  for (const name of packages) {
    const match = new RegExp('^' + escape(name) + '-[0-9a-f]{16}(/.*)?$').exec(specifier);
    if (match !== null) return next(name + (match[1] ?? ''), context);
  }
  return next(specifier, context);
}`;

/** next.config.ts's serverExternalPackages as the build recorded them (none when unreadable). */
function builtExternals(dir: string): string[] {
  try {
    const recorded = JSON.parse(readFileSync(join(dir, '.next', 'required-server-files.json'), 'utf8')) as {
      config?: { serverExternalPackages?: unknown };
    };
    const list = recorded.config?.serverExternalPackages;
    return Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** Installs the mapping when `dir`'s build has no .next/node_modules (the packed dashboard). */
export function mapHashedExternals(dir: string): boolean {
  if (existsSync(join(dir, '.next', 'node_modules'))) return false;
  const packages = builtExternals(dir);
  if (packages.length === 0) return false;
  const moduleWithResolver = Module as unknown as {
    _resolveFilename: (request: string, ...rest: unknown[]) => string;
  };
  const original = moduleWithResolver._resolveFilename;
  moduleWithResolver._resolveFilename = function (request: string, ...rest: unknown[]) {
    return original.call(this, unhashedExternal(request, packages) ?? request, ...rest);
  };
  const registerHooks = (Module as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (registerHooks !== undefined)
    registerHooks({
      resolve: (specifier, context, next) => next(unhashedExternal(specifier, packages) ?? specifier, context),
    });
  else register(`data:text/javascript,${encodeURIComponent(RESOLVE_HOOK(packages))}`);
  return true;
}
