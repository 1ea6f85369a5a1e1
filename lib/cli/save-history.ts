/**
 * Saves a CLI audit (or the audits a scan ran) to the history file unless --no-history. A history
 * that cannot be opened or written is reported on stderr with what to try; the audit's own result
 * and exit code stand.
 */
import type { Report } from '../core/report';
import { resolveHistoryPath } from '../server/history/location';
import { HistoryError, HistoryStore, warmReportHash } from '../server/history/store';
import type { HistoryOption } from './args';
import type { CliIo } from './io';
import { errorText, terminalSafe } from './terminal';

type Io = Pick<CliIo, 'stderr' | 'callerEnv'>;

/** A history file being opened ahead of the save. */
export interface PendingHistory {
  /** Saves the audit, the file left for the process's exit to close; the saved audit's id, or null. */
  save(report: Report): number | null;
  /** Closes the file without saving (a cancelled audit). */
  discard(): void;
}

const NOTHING: PendingHistory = { save: () => null, discard: () => undefined };

/**
 * Starts opening the history file on the next turn of the event loop, so the native addon's load
 * and the file's migration happen while the audit waits for the server, not after it.
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
    if (opened instanceof HistoryStore) {
      opened.checkpointLogIfLarge();
      warmReportHash();
    }
  });
  /**
   * Done with the file. A saved audit leaves it open (`keepOpen`) for the process's exit to drop:
   * closing the last connection checkpoints the write-ahead log into the file and deletes it, four
   * fsyncs (strace) on the path to the CLI's exit, for nothing a user waits on. Left open, the commit
   * stays in the log, as safe as after any commit (WAL, synchronous NORMAL: a power loss may lose the
   * last commits, never corrupt the file). The next opening reads it, and checkpoints it in the idle
   * time once it passes a megabyte (HistoryStore.checkpointLogIfLarge), so it cannot grow without end.
   * Paired wall time of `audit --json --listen 0` moved within this machine's noise (0.960 and 0.984
   * of the build that closed; docs/benchmarks.md), where an fsync takes 0.2-0.5 ms; on a laptop's
   * disk each can take several.
   */
  const close = (keepOpen = false): void => {
    clearImmediate(early);
    if (opened instanceof HistoryStore) {
      // Said once, whether the audit is saved or discarded: the modes were tightened either way.
      if (opened.notice !== null) io.stderr.write(`${terminalSafe(opened.notice, 600)}\n`);
      if (!keepOpen) opened.close();
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
        close(true);
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
