/**
 * One batch of "Your servers" as the page holds it: the rows, each server's result, the session
 * view, and how each streamed event (lib/core/session/servers-stream.ts) changes them.
 */
import type { BatchResult } from '@/lib/core/api/batch-request';
import type { SessionFinding } from '@/lib/core/session/findings';
import type { OverviewRow } from '@/lib/core/session/overview';
import type { ServersEvent } from '@/lib/core/session/servers-stream';
import type { BatchRow } from './overview-table';
import type { ServersList } from './servers-client';

export interface Batch {
  status: 'running' | 'done' | 'cancelled';
  /** The listing the batch was chosen from and the ids sent, for the exports. */
  list: ServersList;
  ids: string[];
  rows: BatchRow[];
  results: Map<string, BatchResult>;
  overview: OverviewRow[] | null;
  findings: SessionFinding[] | null;
}

const STEP_TEXT: Record<string, string> = {
  starting: 'starting',
  spawned: 'server started',
  initialized: 'initialized',
};

export function applyEvent(batch: Batch, event: ServersEvent): Batch {
  const setRow = (id: string, change: (row: BatchRow) => BatchRow): BatchRow[] =>
    batch.rows.map((row) => (row.id === id ? change(row) : row));
  switch (event.type) {
    case 'started':
      return { ...batch, rows: setRow(event.id, (row) => ({ ...row, state: 'running', step: 'starting' })) };
    case 'progress': {
      const step =
        event.event.step === 'page'
          ? `tools/list page ${event.event.page}: ${event.event.tools} tools`
          : (STEP_TEXT[event.event.step] ?? event.event.step);
      return { ...batch, rows: setRow(event.id, (row) => ({ ...row, step })) };
    }
    case 'result': {
      const results = new Map(batch.results);
      results.set(event.result.id, event.result);
      const { status, error, report } = event.result;
      return {
        ...batch,
        results,
        rows: setRow(event.result.id, (row) => ({
          ...row,
          state: status,
          step: status === 'ok' ? `${report?.summary.tools ?? 0} tools` : (error?.message ?? status),
          hasReport: report !== null,
        })),
      };
    }
    case 'done':
      return batch;
    case 'session': {
      const byId = new Map(event.rows.map((row) => [row.id, row]));
      return {
        ...batch,
        overview: event.rows,
        findings: event.findings,
        rows: batch.rows.map((row) => ({ ...row, row: byId.get(row.id) ?? row.row })),
      };
    }
  }
}

/** Findings that belong to no listed server: a file that does not parse, an entry the client would reject. */
