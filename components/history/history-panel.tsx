'use client';

/**
 * The History view: servers audited so far (from the CLI or this dashboard), one server's audits,
 * pick two for a diff, approve one as a contract. It opens on the server audited last, and moves to
 * the server of each audit this page runs (audit-saved.ts). Reads /api/history/**; every failure is shown
 * with what to try.
 */
import { ProblemList } from '@/components/ui/problem-list';
import { BUTTON, INPUT, LABEL, MUTED, Panel } from '@/components/ui/styles';
import { AuditList } from './audit-list';
import { DiffView } from './diff-view';
import { useHistory } from './use-history';

export function HistoryPanel() {
  const { servers, serverId, audits, picked, diff, problems, loading, refresh, chooseServer, toggle, compare } =
    useHistory();

  return (
    <Panel
      title="History"
      headingId="history-heading"
      testId="history-panel"
      className="mt-6"
      actions={
        <button type="button" data-testid="history-refresh" className={BUTTON.secondary} onClick={() => void refresh()}>
          Refresh
        </button>
      }
    >
      <ProblemList problems={problems} />
      {servers === null ? (
        <p className={`text-sm ${MUTED}`}>Loading…</p>
      ) : servers.length === 0 ? (
        <p data-testid="history-empty" className={`text-sm ${MUTED}`}>
          No audits saved yet. Every audit, here or with the CLI, is kept in the history file.
        </p>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <label className="min-w-0 flex-1">
              <span className={LABEL}>Server (command line or URL)</span>
              <select
                data-testid="history-server"
                className={`${INPUT} mt-1 font-mono`}
                value={serverId ?? ''}
                onChange={(event) => {
                  chooseServer(Number(event.target.value));
                }}
              >
                {servers.map((server) => (
                  <option key={server.id} value={server.id}>
                    {server.lastServerName === null ? '' : `${server.lastServerName} · `}
                    {server.identity} ({server.audits})
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              data-testid="history-compare"
              className={BUTTON.primary}
              disabled={picked.length !== 2}
              onClick={() => void compare()}
            >
              Compare the two picked
            </button>
          </div>
          <AuditList audits={audits} picked={picked} onToggle={toggle} loading={loading} />
          {diff === null ? null : <DiffView drift={diff.drift} from={diff.from} to={diff.to} />}
        </div>
      )}
    </Panel>
  );
}
