'use client';

/**
 * The History view: servers audited so far (from the CLI or this dashboard), one server's audits,
 * pick two for a diff, approve one as a contract. It opens on the server audited last, and moves to
 * the server of each audit this page runs (audit-saved.ts). Reads /api/history/**; every failure is shown
 * with what to try.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Drift } from '@/lib/core/contract/drift';
import type { HistoryEntry, HistoryServer } from '@/lib/core/history/entry';
import { ProblemList, type ShownProblem } from '@/components/ui/problem-list';
import { BUTTON, INPUT, LABEL, MUTED, Panel } from '@/components/ui/styles';
import { AuditList } from './audit-list';
import { onAuditSaved } from './audit-saved';
import { DiffView } from './diff-view';
import { fetchAudits, fetchDiff, fetchServers } from './history-api';

export function HistoryPanel() {
  const [servers, setServers] = useState<HistoryServer[] | null>(null);
  const [serverId, setServerId] = useState<number | null>(null);
  const [audits, setAudits] = useState<HistoryEntry[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ drift: Drift; from: number; to: number } | null>(null);
  const [problems, setProblems] = useState<ShownProblem[]>([]);
  const [loading, setLoading] = useState(true);

  const loadAudits = useCallback(async (id: number) => {
    setLoading(true);
    const answer = await fetchAudits(id);
    if (answer.ok) setAudits(answer.value);
    else setProblems([{ ...answer.problem, level: 'error' }]);
    setLoading(false);
  }, []);

  /** Reloads the servers and shows `identity`'s audits when given (the server just audited), else the one shown. */
  const refresh = useCallback(
    async (identity?: string) => {
      setProblems([]);
      setLoading(true);
      const answer = await fetchServers();
      if (!answer.ok) {
        setProblems([{ ...answer.problem, level: 'error' }]);
        setLoading(false);
        return;
      }
      setServers(answer.value);
      const current =
        (identity === undefined ? undefined : answer.value.find((server) => server.identity === identity)) ??
        answer.value.find((server) => server.id === serverId) ??
        answer.value[0];
      if (current?.id !== serverId) {
        setPicked([]);
        setDiff(null);
      }
      setServerId(current?.id ?? null);
      if (current !== undefined) await loadAudits(current.id);
      else {
        setAudits([]);
        setLoading(false);
      }
    },
    [serverId, loadAudits],
  );

  useEffect(() => {
    // The first load; later ones come from Refresh, a change of server or an audit run on this page.
    void refresh();
  }, []);

  useEffect(
    () =>
      onAuditSaved((identity) => {
        void refresh(identity);
      }),
    [refresh],
  );

  const chooseServer = (id: number): void => {
    setServerId(id);
    setPicked([]);
    setDiff(null);
    void loadAudits(id);
  };

  const toggle = (id: number): void => {
    setPicked((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id].slice(-2)));
  };

  const compare = async (): Promise<void> => {
    const [from, to] = [...picked].sort((a, b) => a - b);
    if (from === undefined || to === undefined) return;
    const answer = await fetchDiff(from, to);
    if (answer.ok) setDiff({ drift: answer.value, from, to });
    else setProblems([{ ...answer.problem, level: 'error' }]);
  };

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
