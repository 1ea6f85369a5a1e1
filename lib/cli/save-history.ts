/**
 * Saves a CLI audit to the history file unless --no-history. A history that cannot be opened or
 * written is reported on stderr with what to try; the audit's own result and exit code stand.
 */
import type { Report } from '../core/report';
import { resolveHistoryPath } from '../server/history/location';
import { HistoryError, HistoryStore } from '../server/history/store';
import type { HistoryOption } from './args';
import type { CliIo } from './io';

/** The saved audit's id, or null when not saved. */
export function saveToHistory(
  report: Report,
  option: HistoryOption,
  io: Pick<CliIo, 'stderr' | 'callerEnv'>,
): number | null {
  if (option.noHistory) return null;
  const { path } = resolveHistoryPath(option.db, io.callerEnv);
  if (path === null) return null;
  let store: HistoryStore | undefined;
  try {
    store = HistoryStore.open(path);
    const entry = store.save(report, 'cli');
    if (io.stderr.isTTY === true) io.stderr.write(`mcp-hintcheck: saved as audit #${entry.id} in ${path}\n`);
    return entry.id;
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    io.stderr.write(`mcp-hintcheck: the audit was not saved to history: ${error.message}\ntry: ${error.hint}\n`);
    return null;
  } finally {
    store?.close();
  }
}
