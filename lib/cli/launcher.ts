/**
 * Starts the CLI bundle (dist/cli/main.cjs) with V8's code cache, the start-up cost Node.js 20 does
 * not save by itself (Node 22 has module.enableCompileCache): the bundle is compiled through
 * vm.Script with the cached data of an earlier run, which spares parsing and compiling most of it.
 * After a command that audited (its functions compiled by then), a missing or refused cache is
 * written for the next run. The cache is an optimisation only: any failure to read or write it is
 * ignored, and V8 itself refuses data made for other source or another version.
 *
 * Bundled alone (dist/cli/launcher.cjs) and loaded by bin/mcp-hintcheck.mjs: nothing here may
 * import the CLI's own code.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script, constants } from 'node:vm';
import { compileCacheDir, compileCacheName } from './compile-cache';

/** Commands whose run compiles the audit path: the cache is written after them, not after --help. */
const AUDITING_COMMANDS = new Set(['audit', 'scan', 'contract', 'verify']);

/** The CommonJS wrapper, on the bundle's first line so its line numbers stay true. */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';

type CommonJsBody = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

export interface LaunchedCli {
  /** The bundle's exports (main). */
  exports: Record<string, unknown>;
  /** Writes the code cache when there was none or V8 refused it, after a command that audited. */
  saveCache(argv: readonly string[]): void;
}

function cachePath(bundle: string, env: Readonly<Record<string, string | undefined>>): string | null {
  try {
    const dir = compileCacheDir(env, process.platform, homedir());
    if (dir === null) return null;
    return join(dir, compileCacheName(statSync(bundle), process.version, process.arch));
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

export function launch(bundle: string, env: Readonly<Record<string, string | undefined>>): LaunchedCli {
  const source = readFileSync(bundle, 'utf8');
  const path = cachePath(bundle, env);
  const cachedData = readCache(path);
  const script = new Script(WRAPPER_START + source + WRAPPER_END, {
    filename: bundle,
    ...(cachedData === undefined ? {} : { cachedData }),
    // import() inside the bundle (node: built-ins) resolves as in any CommonJS module.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const body = script.runInThisContext() as CommonJsBody;
  const module = { exports: {} as Record<string, unknown> };
  body(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return {
    exports: module.exports,
    saveCache(argv) {
      if (path === null || !AUDITING_COMMANDS.has(argv[0] ?? '')) return;
      if (cachedData !== undefined && script.cachedDataRejected !== true) return;
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        const partial = `${path}.${process.pid}.tmp`;
        writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
        renameSync(partial, path);
        // The caches of earlier builds are never read again.
        for (const old of readdirSync(dirname(path)))
          if (/^cli-.*\.v8$/.test(old) && old !== basename(path)) unlinkSync(join(dirname(path), old));
      } catch {
        // A read-only or full disk: the next run compiles from source, as without a cache.
      }
    },
  };
}
