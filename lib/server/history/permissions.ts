/**
 * The history's file modes: its folder 0700, the database and its -wal, -shm and -journal files
 * 0600, so no other local user reads past audits. A missing folder is created 0700 and a missing
 * database 0600 before SQLite opens it (SQLite gives -wal and -shm the mode of the database); an
 * existing one with looser modes is tightened, and what was done (or could not be) comes back as
 * one sentence for the caller to show once. The folder is changed only when it is the history's
 * own (named mcp-hintcheck) or was created here: `--db /tmp/h.db` never touches /tmp. Symbolic
 * links are not followed. Windows has no POSIX modes: nothing is done there.
 */
import { chmodSync, closeSync, constants, existsSync, lstatSync, mkdirSync, openSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { PRODUCT_NAME } from '../../core/product';

export const HISTORY_FOLDER_MODE = 0o700;
export const HISTORY_FILE_MODE = 0o600;

/** The files SQLite keeps beside a database. */
export const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'] as const;

const code = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'error';

/**
 * Creates or tightens the history's folder and files; returns what was tightened or could not be,
 * as one line, or null when everything already was owner-only.
 */
export function secureHistoryPlace(path: string, platform: NodeJS.Platform = process.platform): string | null {
  const folder = dirname(path);
  if (platform === 'win32') {
    mkdirSync(folder, { recursive: true });
    return null;
  }
  const tightened: string[] = [];
  const failed: string[] = [];
  const uid = process.getuid?.() ?? -1;
  const tighten = (file: string, mode: number, label: string): void => {
    let info;
    try {
      info = lstatSync(file);
    } catch {
      return;
    }
    if (info.isSymbolicLink() || (info.mode & 0o077) === 0) return;
    if (info.uid !== uid) {
      failed.push(`${label} (owned by another user)`);
      return;
    }
    try {
      chmodSync(file, mode);
      tightened.push(`${label} ${(info.mode & 0o777).toString(8)}→${mode.toString(8)}`);
    } catch (error) {
      failed.push(`${label} (${code(error)})`);
    }
  };

  if (!existsSync(folder)) {
    mkdirSync(dirname(folder), { recursive: true });
    try {
      mkdirSync(folder, { mode: HISTORY_FOLDER_MODE });
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
    tighten(folder, HISTORY_FOLDER_MODE, 'the folder');
  } else if (basename(folder) === PRODUCT_NAME) tighten(folder, HISTORY_FOLDER_MODE, 'the folder');
  try {
    // O_EXCL: made here with mode 0600, or left to what exists (then tightened below).
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, HISTORY_FILE_MODE));
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
  }
  for (const suffix of ['', ...SQLITE_COMPANIONS]) {
    tighten(`${path}${suffix}`, HISTORY_FILE_MODE, basename(`${path}${suffix}`));
  }
  if (tightened.length === 0 && failed.length === 0) return null;
  const done = tightened.length === 0 ? '' : `other users could read it; tightened ${tightened.join(', ')}`;
  const left = failed.length === 0 ? '' : `could not tighten ${failed.join(', ')}: fix with chmod go-rwx`;
  return `mcp-hintcheck: history ${path}: ${[done, left].filter(Boolean).join('; ')}.`;
}
