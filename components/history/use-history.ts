'use client';
/**
 * The History view's state: the servers, the one shown and its audits, the two picked and their diff,
 * problems and loading; loads from /api/history/** and follows each audit this page saves (audit-saved.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Drift } from '@/lib/core/contract/drift';
import type { HistoryEntry, HistoryServer } from '@/lib/core/history/entry';
import type { ShownProblem } from '@/components/ui/problem-list';
import { onAuditSaved } from './audit-saved';
import { fetchAudits, fetchDiff, fetchServers } from './history-api';

/** The server just audited when given, else the one shown, else the first. */
function serverToShow(
  servers: readonly HistoryServer[],
  identity: string | undefined,
  shown: number | null,
): HistoryServer | undefined {
  return (
    (identity === undefined ? undefined : servers.find((server) => server.identity === identity)) ??
    servers.find((server) => server.id === shown) ??
    servers[0]
  );
}

export function useHistory() {
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
      const current = serverToShow(answer.value, identity, serverId);
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

  return { servers, serverId, audits, picked, diff, problems, loading, refresh, chooseServer, toggle, compare };
}
