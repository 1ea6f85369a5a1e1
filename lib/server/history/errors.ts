/**
 * The one error type of the audit history: a code, a message that names the file, and a hint that
 * says what to try. SQLite and file-system failures are mapped to it here; callers report it and
 * let the audit go on.
 */

/** How long a write waits for another process holding the file (ms). */
export const BUSY_TIMEOUT_MS = 2000;

export type HistoryErrorCode =
  'corrupt' | 'locked' | 'newer' | 'unwritable' | 'not-found' | 'invalid' | 'off' | 'native-module';

export class HistoryError extends Error {
  constructor(
    readonly code: HistoryErrorCode,
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HistoryError';
  }
}

function sqliteCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** The history was turned off with `variable`=off. */
export function historyOff(variable: string): HistoryError {
  return new HistoryError('off', `The history is turned off (${variable}=off).`, `Unset ${variable} to keep audits.`);
}

/**
 * better-sqlite3's native addon did not load (ERR_DLOPEN_FAILED): most often it was built for another
 * Node.js (NODE_MODULE_VERSION differs: installed under Node 20, run under 22), never the file's fault.
 */
function nativeModuleError(error: unknown, detail: string): HistoryError {
  const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(detail);
  const addon = /The module '([^']+)'/.exec(detail)?.[1];
  const where = addon === undefined ? '' : `, ${addon}`;
  return new HistoryError(
    'native-module',
    versions === null
      ? `The history's SQLite module (better-sqlite3) does not load on this machine: ${detail.replace(/\s+/g, ' ')}`
      : `The history's SQLite module (better-sqlite3${where}) was built for another Node.js (NODE_MODULE_VERSION ${versions[1] ?? '?'}; this Node.js ${process.version} needs ${versions[2] ?? '?'}), so the history cannot be opened.`,
    'Install mcp-hintcheck again with the Node.js you run it with (npm rebuild better-sqlite3 in its folder, or npm install it again); --no-history audits without the history meanwhile.',
    { cause: error },
  );
}

/** A HistoryError for a SQLite or file-system failure on `path`. */
export function historyError(error: unknown, path: string): HistoryError {
  if (error instanceof HistoryError) return error;
  const code = sqliteCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_DLOPEN_FAILED') return nativeModuleError(error, detail);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT')) {
    return new HistoryError(
      'corrupt',
      `The history file ${path} is not a readable SQLite database (${detail}).`,
      'Move it aside (it is kept as is), or use another file with --db PATH; --no-history skips saving.',
      { cause: error },
    );
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY')) {
    return new HistoryError(
      'locked',
      `The history file ${path} is locked by another process (waited ${BUSY_TIMEOUT_MS} ms).`,
      'Close the program holding it, or use --db PATH / --no-history for this run.',
      { cause: error },
    );
  }
  return new HistoryError(
    'unwritable',
    `The history file ${path} could not be opened or written (${detail}).`,
    'Check the folder exists and is writable, or choose another file with --db PATH; --no-history skips saving.',
    { cause: error },
  );
}
