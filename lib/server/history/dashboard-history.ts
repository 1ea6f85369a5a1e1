/**
 * The dashboard's one history store: opened on first use from HINTCHECK_DB (else
 * the data directory), kept open for the life of the process. HINTCHECK_DB=off disables it. A
 * store that cannot be opened is remembered as its error, so every request reports the same clear
 * reason and audits go on without saving. One per process (process-state.ts), whichever route asks.
 */
import type { Report } from '../../core/report/report';
import { processState } from '../process/process-state';
import { resolveHistoryPath } from './location';
import { HistoryError, HistoryStore, historyError, historyOff } from './store';

type Opened = { store: HistoryStore } | { error: HistoryError } | null;

const history = (): { opened: Opened } => processState('history', () => ({ opened: null }));

export function dashboardHistory(env: Readonly<Record<string, string | undefined>> = process.env): HistoryStore {
  const state = history();
  if (state.opened === null) {
    const { path, from } = resolveHistoryPath(undefined, env);
    if (path === null) {
      state.opened = { error: historyOff(from) };
    } else {
      try {
        const store = HistoryStore.open(path);
        // Once per dashboard process: the store stays open.
        if (store.notice !== null) console.error(store.notice);
        state.opened = { store };
      } catch (error) {
        state.opened = { error: historyError(error, path) };
      }
    }
  }
  if ('error' in state.opened) throw state.opened.error;
  return state.opened.store;
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
  const state = history();
  if (state.opened !== null && 'store' in state.opened) state.opened.store.close();
  state.opened = null;
}
