/**
 * Starts the CLI's two bundles (scripts/build-cli.mjs) with V8's code cache, the start-up cost
 * Node.js 20 does not save by itself (Node 22 has module.enableCompileCache): each file is compiled
 * through vm.Script with the cached data of an earlier run, which spares parsing and compiling most
 * of it. dist/cli/main.cjs (argument parsing and the stdio transport) runs first, so a server starts
 * at once; dist/cli/rest.cjs (the audit, the SDK, zod, the report code) is compiled on main's first
 * import(), while the server boots. The two share module instances through the lookups given here.
 *
 * After a command that audited (its functions compiled by then), a missing or refused cache is
 * written for the next run. The cache is an optimisation only: any failure to read or write it is
 * ignored, and V8 itself refuses data made for other source or another version.
 *
 * Bundled alone (dist/cli/launcher.cjs) and loaded by bin/mcp-hintcheck.cjs: nothing here may
 * import the CLI's own code.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script, constants } from 'node:vm';
import { CACHE_FILE_PREFIX, compileCacheDir, compileCacheName } from './compile-cache';

/** Commands whose run compiles the audit path: the cache is written after them, not after --help. */
const AUDITING_COMMANDS = new Set(['audit', 'scan', 'contract', 'verify']);

/** The CommonJS wrapper, on the bundle's first line so its line numbers stay true. */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';

type Lookup = (path: string) => unknown;
type CommonJsBody = (
  exports: unknown,
  require: (id: string) => unknown,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/**
 * The exports of a CLI bundle: its shared modules by path, as namespaces (the start file's) or as
 * functions that evaluate the module on first call (the rest's); and main for the start file.
 */
interface BundleExports {
  modules: Record<string, unknown>;
  main?: unknown;
}

interface Compiled {
  exports: BundleExports;
  /** Writes this file's cache when there was none or V8 refused it. */
  saveCache(): void;
}

function cachePath(bundle: string, env: Readonly<Record<string, string | undefined>>): string | null {
  try {
    const dir = compileCacheDir(env, process.platform, homedir());
    if (dir === null) return null;
    return join(dir, compileCacheName(basename(bundle, '.cjs'), statSync(bundle), process.version, process.arch));
  } catch {
    return null;
  }
}

function readCache(path: string | null): Buffer | undefined {
  if (path === null) return undefined;
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Compiles and runs one bundle; `links` answers its require() of the other bundle. */
function run(
  bundle: string,
  path: string | null,
  keep: readonly (string | null)[],
  links: Record<string, Lookup>,
): Compiled {
  const source = readFileSync(bundle, 'utf8');
  const cachedData = readCache(path);
  const script = new Script(WRAPPER_START + source + WRAPPER_END, {
    filename: bundle,
    ...(cachedData === undefined ? {} : { cachedData }),
    // import() inside the bundle (node: built-ins) resolves as in any CommonJS module.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const body = script.runInThisContext() as CommonJsBody;
  const nodeRequire = createRequire(bundle);
  const module = { exports: {} as BundleExports };
  body(module.exports, (id) => links[id] ?? nodeRequire(id), module, bundle, dirname(bundle));
  return {
    exports: module.exports,
    saveCache() {
      if (path === null) return;
      if (cachedData !== undefined && script.cachedDataRejected !== true) return;
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        const partial = `${path}.${process.pid}.tmp`;
        writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
        renameSync(partial, path);
        // The caches of earlier builds (and layouts) are never read again.
        const current = new Set(keep.map((kept) => (kept === null ? '' : basename(kept))));
        for (const old of readdirSync(dirname(path)))
          if (old.startsWith(CACHE_FILE_PREFIX) && old.endsWith('.v8') && !current.has(old))
            unlinkSync(join(dirname(path), old));
      } catch {
        // A read-only or full disk: the next run compiles from source, as without a cache.
      }
    },
  };
}

function moduleOf(bundle: Compiled, path: string): unknown {
  const found = bundle.exports.modules[path];
  if (found === undefined) throw new Error(`The CLI bundle has no module ${path}: rebuild it (npm run build:cli).`);
  return typeof found === 'function' ? (found as () => unknown)() : found;
}

export interface LaunchedCli {
  /** lib/cli/main.ts's main. */
  main: unknown;
  /** Writes the code caches that are missing or were refused, after a command that audited. */
  saveCache(argv: readonly string[]): void;
}

/** `start` is dist/cli/main.cjs; dist/cli/rest.cjs sits beside it. */
export function launch(start: string, env: Readonly<Record<string, string | undefined>>): LaunchedCli {
  const restFile = join(dirname(start), 'rest.cjs');
  const caches = [cachePath(start, env), cachePath(restFile, env)] as const;
  let rest: Compiled | undefined;
  const first: Compiled = run(start, caches[0], caches, {
    'hintcheck:rest': (path) => {
      rest ??= run(restFile, caches[1], caches, { 'hintcheck:start': (shared) => moduleOf(first, shared) });
      return moduleOf(rest, path);
    },
  });
  return {
    main: first.exports.main,
    saveCache(argv) {
      if (!AUDITING_COMMANDS.has(argv[0] ?? '')) return;
      first.saveCache();
      rest?.saveCache();
    },
  };
}
