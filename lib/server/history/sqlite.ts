/**
 * Opening a better-sqlite3 connection. The native addon is handed over by path when it is where
 * better-sqlite3's install puts it (build/Release): that skips the `bindings` package's search (a stack
 * walk and a dozen candidate paths) and lets the CLI bundle better-sqlite3's JavaScript, read from V8's
 * code cache with the rest of the CLI instead of parsed from node_modules at every start (`bindings`
 * cannot find the addon from inside a bundle). An addon anywhere else (a Debug build, say): the package
 * is loaded from node_modules as it is, and finds its addon itself.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

type Open = (path: string, options: Database.Options) => Database.Database;

let opener: Open | undefined;

/** A connection to the SQLite file at `path` (created when missing, unless options say otherwise). */
export function openSqlite(path: string, options: Database.Options): Database.Database {
  opener ??= chooseOpener();
  return opener(path, options);
}

function chooseOpener(): Open {
  const require = createRequire(import.meta.url);
  const addon = releaseAddon(require);
  if (addon !== null) return (path, options) => new Database(path, { ...options, nativeBinding: addon });
  const Installed = require('better-sqlite3') as typeof Database;
  return (path, options) => new Installed(path, options);
}

/** better_sqlite3.node where an install (built or prebuilt) leaves it, or null. */
function releaseAddon(require: NodeJS.Require): string | null {
  try {
    const addon = join(
      dirname(require.resolve('better-sqlite3/package.json')),
      'build',
      'Release',
      'better_sqlite3.node',
    );
    return existsSync(addon) ? addon : null;
  } catch {
    return null;
  }
}
