/**
 * The dashboard's one history store: opened on first use from HINTCHECK_DB (or PREFLIGHT_DB, else
 * the data directory), kept open for the life of the process. HINTCHECK_DB=off disables it. A
 * store that cannot be opened is remembered as its error, so every request reports the same clear
 * reason and audits go on without saving.
 */
import type { Report } from '../../core/report';
import { resolveHistoryPath } from './location';
import { HistoryError, HistoryStore, historyError, historyOff } from './store';

let opened: { store: HistoryStore } | { error: HistoryError } | null = null;

export function dashboardHistory(env: Readonly<Record<string, string | undefined>> = process.env): HistoryStore {
  if (opened === null) {
    const { path, from } = resolveHistoryPath(undefined, env);
    if (path === null) {
      opened = { error: historyOff(from) };
    } else {
      try {
        const store = HistoryStore.open(path);
        // Once per dashboard process: the store stays open.
        if (store.notice !== null) console.error(store.notice);
        opened = { store };
      } catch (error) {
        opened = { error: historyError(error, path) };
      }
    }
  }
  if ('error' in opened) throw opened.error;
  return opened.store;
}

/** Saves a dashboard audit; a history that cannot be written is logged once per failure, never fatal. */
export function saveDashboardAudit(report: Report): number | null {
  try {
    return dashboardHistory().save(report, 'dashboard').id;
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    if (error.code === 'off') return null;
    console.error(`mcp-hintcheck: the audit was not saved to history: ${error.message}`);
    return null;
  }
}

/** Closes the store (tests, shutdown). */
export function closeDashboardHistory(): void {
  if (opened !== null && 'store' in opened) opened.store.close();
  opened = null;
}
