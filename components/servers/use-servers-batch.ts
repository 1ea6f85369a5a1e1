'use client';

/**
 * One batch of "Your servers", from the choice to the session view: POST /api/servers/audit
 * streamed (each server's progress and result, then the overview and the session findings), one
 * Cancel for every server, and the problem that stopped it. Starting another batch cancels the one
 * before; leaving the page cancels it too. The page composes it with the list and the forms
 * (your-servers.tsx), as components/audit/use-audit-run.ts does for a single audit.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_CONCURRENCY } from '@/lib/core/api/batch-request';
import type { ServerListing } from '@/lib/core/config/entry';
import { groupListings } from '@/lib/core/session/batch-groups';
import type { ShownProblem } from '@/components/ui/problem-list';
import { applyEvent, type Batch } from './batch-state';
import type { BatchRow } from './overview-table';
import { requestProblem, streamBatch, type ServersList } from './servers-client';

export interface ServersBatch {
  batch: Batch | null;
  running: boolean;
  /** The problem that stopped the batch (not a server's failure: that is its row). */
  problem: ShownProblem | null;
  /** Audits the chosen entries of `list` with the values given for this batch only. */
  start: (list: ServersList, ids: string[], values: Record<string, string>) => void;
  cancel: () => void;
}

/** One row per batch item: entries with identical settings are audited once, as the API groups them. */
function queuedRows(servers: readonly ServerListing[], ids: readonly string[]): BatchRow[] {
  return [...groupListings(servers, ids).listings].map(([id, listings]) => ({
    id,
    name: listings[0]?.name ?? id,
    state: 'queued',
    step: 'queued',
    row: null,
    hasReport: false,
  }));
}

/** The batch after the stream broke: every unfinished row cancelled. */
function broken(current: Batch): Batch {
  return {
    ...current,
    status: 'cancelled',
    rows: current.rows.map((row) =>
      row.state === 'running' || row.state === 'queued' ? { ...row, state: 'cancelled', step: 'cancelled' } : row,
    ),
  };
}

export function useServersBatch(): ServersBatch {
  const [batch, setBatch] = useState<Batch | null>(null);
  const [problem, setProblem] = useState<ShownProblem | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const start = useCallback((list: ServersList, ids: string[], values: Record<string, string>): void => {
    if (ids.length === 0) return;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setProblem(null);
    const rows = queuedRows(list.servers, ids);
    setBatch({ status: 'running', list, ids, rows, results: new Map(), overview: null, findings: null });
    const update = (change: (current: Batch) => Batch): void => {
      setBatch((current) => (current === null ? current : change(current)));
    };
    streamBatch({ ids, values, concurrency: DEFAULT_CONCURRENCY }, controller.signal, (event) => {
      update((current) => applyEvent(current, event));
    })
      .then(() => {
        update((current) => ({ ...current, status: controller.signal.aborted ? 'cancelled' : 'done' }));
      })
      .catch((error: unknown) => {
        update(broken);
        if (!controller.signal.aborted) setProblem(requestProblem(error, 'The batch stopped'));
      });
  }, []);

  const cancel = useCallback((): void => {
    controllerRef.current?.abort();
  }, []);

  return { batch, running: batch?.status === 'running', problem, start, cancel };
}
