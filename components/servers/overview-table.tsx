/**
 * The batch overview: one row per audited server, its status while the batch runs and its counts
 * when done; a row with a report opens that server's full report.
 */
import { CLIENTS } from '@/lib/core/config/clients';
import type { OverviewRow } from '@/lib/core/session/overview';
import { TOKEN_ENCODING } from '@/lib/core/token-cost';
import { StatusIndicator, MUTED } from '@/components/ui/styles';
import { severityClass } from './server-list';

export interface BatchRow {
  id: string;
  name: string;
  state: 'queued' | 'running' | 'ok' | 'failed' | 'cancelled';
  step: string;
  row: OverviewRow | null;
  hasReport: boolean;
}

const num = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : String(value));

export function OverviewTable({
  rows,
  openId,
  onOpen,
}: {
  rows: BatchRow[];
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const headers = [
    'Server',
    'Client(s)',
    'Transport',
    'Protocol',
    'Tools',
    'Read-only',
    'Additive',
    'Destructive',
    'Open-world',
    'Unannotated',
    'Worst flag',
    `Tokens (est.)`,
    'Auth',
    'Status',
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="overview-table">
        <caption className={`caption-bottom pt-2 text-left text-xs ${MUTED}`}>
          Tokens: an estimate of the tool list with {TOKEN_ENCODING}; hosts strip fields and count differently.
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            {headers.map((header) => (
              <th
                key={header}
                scope="col"
                className="px-2 py-1.5 text-xs font-medium whitespace-nowrap text-slate-600 dark:text-slate-300"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((batchRow) => {
            const row = batchRow.row;
            const open = openId === batchRow.id;
            return (
              <tr
                key={batchRow.id}
                data-testid="overview-row"
                data-name={batchRow.name}
                data-state={batchRow.state}
                className={`border-b border-slate-100 dark:border-slate-800 ${open ? 'bg-sky-50 dark:bg-sky-950' : ''}`}
              >
                <th scope="row" className="px-2 py-1.5 font-medium">
                  {batchRow.hasReport ? (
                    <button
                      type="button"
                      className="text-left text-sky-700 underline decoration-dotted hover:decoration-solid dark:text-sky-300"
                      aria-expanded={open}
                      onClick={() => {
                        onOpen(batchRow.id);
                      }}
                    >
                      {batchRow.name}
                    </button>
                  ) : (
                    batchRow.name
                  )}
                </th>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {row?.clients.map((c) => CLIENTS[c].label).join(', ') ?? ''}
                </td>
                <td className="px-2 py-1.5">{row?.transport ?? ''}</td>
                <td className="px-2 py-1.5 font-mono text-xs">{row?.protocolVersion ?? ''}</td>
                <td className="px-2 py-1.5 tabular-nums" data-testid="overview-tools">
                  {num(row?.tools)}
                </td>
                <td className="px-2 py-1.5 tabular-nums">{num(row?.readOnly)}</td>
                <td className="px-2 py-1.5 tabular-nums">{num(row?.additiveWrites)}</td>
                <td className="px-2 py-1.5 tabular-nums">{num(row?.destructive)}</td>
                <td className="px-2 py-1.5 tabular-nums">{num(row?.openWorld)}</td>
                <td className="px-2 py-1.5 tabular-nums">{num(row?.unannotated)}</td>
                <td className="px-2 py-1.5">
                  {row?.worstFlag ? (
                    <span className={`rounded px-1.5 py-0.5 text-xs ${severityClass(row.worstSeverity ?? 'info')}`}>
                      {row.worstFlag}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-1.5 tabular-nums">{num(row?.tokens)}</td>
                <td className="px-2 py-1.5 text-xs">
                  {row?.authorization === null || row === null ? '' : row.authorization ? 'header' : 'none'}
                </td>
                <td className="px-2 py-1.5" data-testid="overview-status">
                  <span className="flex items-center gap-2">
                    {batchRow.state === 'queued' ? null : (
                      <StatusIndicator state={batchRow.state === 'running' ? 'running' : batchRow.state} />
                    )}
                    <span className="text-xs">
                      {batchRow.state === 'failed' ? (row?.error ?? batchRow.step) : batchRow.step}
                    </span>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
