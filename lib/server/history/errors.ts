/**
 * The one error type of the audit history: a code, a message that names the file, and a hint that
 * says what to try. SQLite and file-system failures are mapped to it here; callers report it and
 * let the audit go on.
 */

/** How long a write waits for another process holding the file (ms). */
export const BUSY_TIMEOUT_MS = 2000;

export type HistoryErrorCode = 'corrupt' | 'locked' | 'newer' | 'unwritable' | 'not-found' | 'invalid' | 'off';

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

/** A HistoryError for a SQLite or file-system failure on `path`. */
export function historyError(error: unknown, path: string): HistoryError {
  if (error instanceof HistoryError) return error;
  const code = sqliteCode(error);
  const detail = error instanceof Error ? error.message : String(error);
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
