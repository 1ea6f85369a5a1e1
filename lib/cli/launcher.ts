/**
 * Starts the CLI's two bundles (scripts/build-cli.mjs): dist/cli/main.cjs (argument parsing and the
 * stdio transport) runs first, so a server starts at once; dist/cli/rest.cjs (the audit, the SDK,
 * zod, the report code) is compiled on main's first import(), while the server boots, with V8's code
 * cache (the start-up cost Node.js 20 does not save by itself): vm.Script with the cached data of an
 * earlier run spares parsing and compiling most of it. The two share module instances through the
 * lookups given here. main.cjs is compiled from source: its cache saves about 1 ms, less than loading
 * node:crypto to check it would cost before the spawn.
 *
 * The cache is trusted only as far as lib/cli/compile-cache.ts allows: V8 checks cached data against
 * the source's length, its version and flags, not the content, so data made for other code of the same
 * length would run. A folder or file that is a symbolic link, belongs to another user or is writable
 * by group or others, and a relative folder, are not used (said once on stderr); a file is used only
 * when its header carries the SHA-256 of the bundle as read now. After a command that audited, a
 * missing or refused file is written under a random temporary name (O_EXCL, O_NOFOLLOW, 0600) and
 * renamed into place; only files of this launcher's naming (OWN_CACHE_FILE) are ever deleted.
 *
 * Bundled alone (dist/cli/launcher.cjs) and loaded by bin/mcp-hintcheck.cjs: nothing here may
 * import the CLI's own code.
 */
import {
  closeSync,
  constants as fsConstants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script, constants } from 'node:vm';
import {
  OWN_CACHE_FILE,
  cacheDirProblem,
  cacheEntryProblem,
  cacheHeader,
  compileCacheDir,
  compileCacheName,
  visibleControls,
} from './compile-cache';

/** Commands whose run compiles the audit path: the cache is written after them, not after --help. */
const AUDITING_COMMANDS = new Set(['audit', 'scan', 'contract', 'verify']);

/** The CommonJS wrapper, on the bundle's first line so its line numbers stay true. */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';

/** 0 where the platform has no such flag (Windows). */
const O_NOFOLLOW = (fsConstants as Partial<typeof fsConstants>).O_NOFOLLOW ?? 0;

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
  /** Writes this file's cache when there was none or it was refused. */
  saveCache(): void;
}

/** Where a bundle's cache lives, once the folder passed the checks that need no disk. */
interface CachePlace {
  dir: string;
  path: string;
  sha256: string;
}

let warned = false;
/** The one line a run says about its cache (the first problem found). */
function warnOnce(what: string, problem: string): void {
  if (warned) return;
  warned = true;
  process.stderr.write(
    `mcp-hintcheck: not using the code cache: ${visibleControls(what)} ${problem}; running without it ` +
      '(use a folder of your own with mode 700, or HINTCHECK_COMPILE_CACHE=off).\n',
  );
}

const uid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

/** dirState's answer for a folder that does not exist yet (made on the first write). */
const MISSING = 'missing';

/** The folder's problem, MISSING, or null when it can be used. */
function dirState(dir: string): string | null {
  try {
    return cacheEntryProblem(lstatSync(dir), 'folder', uid());
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? MISSING : 'cannot be read';
  }
}

function placeFor(
  bundle: string,
  content: Buffer,
  env: Readonly<Record<string, string | undefined>>,
  crypto: typeof import('node:crypto'),
): CachePlace | null {
  const dir = compileCacheDir(env, process.platform, homedir());
  if (dir === null) return null;
  const relative = cacheDirProblem(dir, process.platform);
  if (relative !== null) {
    warnOnce(`the folder ${dir}`, relative);
    return null;
  }
  const sha256 = crypto.createHash('sha256').update(content).digest('hex');
  return {
    dir,
    sha256,
    path: join(dir, compileCacheName(basename(bundle, '.cjs'), sha256, process.version, process.arch)),
  };
}

/** V8's data of a trusted file made for this content, or undefined (missing or refused). */
function readCache(place: CachePlace | null): Buffer | undefined {
  if (place === null) return undefined;
  const folder = dirState(place.dir);
  if (folder === MISSING) return undefined;
  if (folder !== null) {
    warnOnce(`the folder ${place.dir}`, folder);
    return undefined;
  }
  let fd: number;
  try {
    fd = openSync(place.path, fsConstants.O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') warnOnce(`the file ${place.path}`, 'is a symbolic link');
    return undefined;
  }
  try {
    const problem = cacheEntryProblem(fstatSync(fd), 'file', uid());
    if (problem !== null) {
      warnOnce(`the file ${place.path}`, problem);
      return undefined;
    }
    const data = readFileSync(fd);
    const header = Buffer.from(cacheHeader(place.sha256));
    if (data.length <= header.length || !data.subarray(0, header.length).equals(header)) {
      warnOnce(`the file ${place.path}`, 'was not made for this build of the CLI');
      return undefined;
    }
    return data.subarray(header.length);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Writes the cache under a random name nobody could have prepared, then renames it into place; false when the folder is not the user's own. */
function writeCache(place: CachePlace, data: Buffer, crypto: typeof import('node:crypto')): boolean {
  let folder = dirState(place.dir);
  if (folder === MISSING) {
    mkdirSync(place.dir, { recursive: true, mode: 0o700 });
    folder = dirState(place.dir);
  }
  if (folder !== null) return false;
  const partial = `${place.path}.${crypto.randomBytes(12).toString('hex')}.tmp`;
  const fd = openSync(partial, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | O_NOFOLLOW, 0o600);
  try {
    try {
      writeSync(fd, cacheHeader(place.sha256));
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, place.path);
  } catch (error) {
    unlinkSync(partial);
    throw error;
  }
  return true;
}

/** Deletes the files of this launcher's naming that belong to other builds (never anything else). */
function removeOtherBuilds(place: CachePlace, keep: ReadonlySet<string>): void {
  const own = uid();
  for (const name of readdirSync(place.dir)) {
    if (!OWN_CACHE_FILE.test(name) || keep.has(name) || name.startsWith(`${basename(place.path)}.`)) continue;
    const path = join(place.dir, name);
    const stat = lstatSync(path);
    if (stat.isFile() && (own === null || stat.uid === own)) unlinkSync(path);
  }
}

/** Compiles and runs one bundle; `links` answers its require() of the other bundle. */
function run(
  bundle: string,
  env: Readonly<Record<string, string | undefined>> | null,
  keep: Set<string>,
  links: Record<string, Lookup>,
): Compiled {
  const content = readFileSync(bundle);
  const crypto = env === null ? null : (createRequire(bundle)('node:crypto') as typeof import('node:crypto'));
  const place = env === null || crypto === null ? null : placeFor(bundle, content, env, crypto);
  if (place !== null) keep.add(basename(place.path));
  const cachedData = readCache(place);
  // The build writes the bundles as ASCII (scripts/build-cli.mjs): read as one-byte text, half the
  // memory of a two-byte string and a quarter of the decoding time; anything else is read as UTF-8.
  const source = isAscii(content) ? content.toString('latin1') : content.toString('utf8');
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
      if (place === null || crypto === null) return;
      if (cachedData !== undefined && script.cachedDataRejected !== true) return;
      try {
        if (writeCache(place, script.createCachedData(), crypto)) removeOtherBuilds(place, keep);
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
  /** Text with its control characters shown as \u escapes (for the entry's last-resort error line). */
  visible: (text: string) => string;
  /** Writes the code cache when it was missing or refused, after a command that audited. */
  saveCache(argv: readonly string[]): void;
}

/** `start` is dist/cli/main.cjs; dist/cli/rest.cjs sits beside it. */
export function launch(start: string, env: Readonly<Record<string, string | undefined>>): LaunchedCli {
  const restFile = join(dirname(start), 'rest.cjs');
  const keep = new Set<string>();
  let rest: Compiled | undefined;
  const first: Compiled = run(start, null, keep, {
    'hintcheck:rest': (path) => {
      rest ??= run(restFile, env, keep, { 'hintcheck:start': (shared) => moduleOf(first, shared) });
      return moduleOf(rest, path);
    },
  });
  return {
    main: first.exports.main,
    visible: visibleControls,
    saveCache(argv) {
      if (!AUDITING_COMMANDS.has(argv[0] ?? '')) return;
      rest?.saveCache();
    },
  };
}
