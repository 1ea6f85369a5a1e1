/**
 * Saves a CLI audit (or the audits a scan ran) to the history file unless --no-history. A history
 * that cannot be opened or written is reported on stderr with what to try; the audit's own result
 * and exit code stand.
 */
import type { Report } from '../core/report/report';
import { resolveHistoryPath } from '../server/history/location';
import { HistoryError, HistoryStore } from '../server/history/store';
import type { HistoryOption } from './args';
import type { CliIo } from './io';
import { errorText, terminalSafe } from './print/terminal';

type Io = Pick<CliIo, 'stderr' | 'callerEnv'>;

/** A history file being opened ahead of the save. */
export interface PendingHistory {
  /** Saves the audit and closes the file; the saved audit's id, or null. */
  save(report: Report): number | null;
  /** Closes the file without saving (a cancelled audit). */
  discard(): void;
}

const NOTHING: PendingHistory = { save: () => null, discard: () => undefined };

/**
 * Starts opening the history file on the next turn of the event loop, so the native addon's load
 * and the file's migration happen while the audit waits for the server, not after it. Kept for its
 * figure: the addon's load (12-28 ms here) and the migration (8-11 ms) leave the audit's path, and
 * saving then adds 1.2-2.1 % to a CLI audit (`node bench/history.mjs 31`, docs/benchmarks.md).
 */
export function prepareHistory(option: HistoryOption, io: Io): PendingHistory {
  if (option.noHistory) return NOTHING;
  const { path } = resolveHistoryPath(option.db, io.callerEnv);
  if (path === null) return NOTHING;
  let opened: HistoryStore | HistoryError | undefined;
  const open = (): HistoryStore | HistoryError => {
    try {
      return HistoryStore.open(path);
    } catch (error) {
      if (error instanceof HistoryError) return error;
      throw error;
    }
  };
  const early = setImmediate(() => {
    opened ??= open();
  });
  /** Done with the file: the notice of what opening tightened, said once, saved or not. */
  const close = (): void => {
    clearImmediate(early);
    if (opened instanceof HistoryStore) {
      if (opened.notice !== null) io.stderr.write(`${terminalSafe(opened.notice, 600)}\n`);
      opened.close();
    }
    opened = undefined;
  };
  return {
    save(report) {
      clearImmediate(early);
      opened ??= open();
      try {
        if (opened instanceof HistoryError) throw opened;
        const id = opened.insert(report, 'cli');
        if (io.stderr.isTTY === true)
          io.stderr.write(`mcp-hintcheck: saved as audit #${id} in ${terminalSafe(path, 1000)}\n`);
        return id;
      } catch (error) {
        if (!(error instanceof HistoryError)) throw error;
        io.stderr.write(
          errorText({ message: `the audit was not saved to history: ${error.message}`, hint: error.hint }),
        );
        return null;
      } finally {
        close();
      }
    },
    discard: () => {
      close();
    },
  };
}

/** Opens and saves at once (commands with no wait to hide the opening in). */
export function saveToHistory(report: Report, option: HistoryOption, io: Io): number | null {
  const pending = prepareHistory(option, io);
  return pending.save(report);
}

/**
 * Saves several audits (those a scan ran) in one opening of the file; the ids saved, in order. The
 * file is not opened when there is nothing to save.
 */
export function saveAllToHistory(reports: readonly Report[], option: HistoryOption, io: Io): number[] {
  if (option.noHistory || reports.length === 0) return [];
  const { path } = resolveHistoryPath(option.db, io.callerEnv);
  if (path === null) return [];
  let store: HistoryStore | undefined;
  const ids: number[] = [];
  try {
    store = HistoryStore.open(path);
    if (store.notice !== null) io.stderr.write(`${terminalSafe(store.notice, 600)}\n`);
    for (const report of reports) ids.push(store.insert(report, 'cli'));
    if (io.stderr.isTTY === true)
      io.stderr.write(
        `mcp-hintcheck: saved ${ids.length === 1 ? 'as audit' : `${ids.length} audits as`} #${ids.join(', #')} in ${terminalSafe(path, 1000)}\n`,
      );
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    const unsaved = reports.length - ids.length;
    io.stderr.write(
      errorText({
        message: `${unsaved} of ${reports.length} audits not saved to history: ${error.message}`,
        hint: error.hint,
      }),
    );
  } finally {
    store?.close();
  }
  return ids;
}
