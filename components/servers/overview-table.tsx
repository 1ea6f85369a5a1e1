/**
 * The batch overview: one row per audited server, its status beside its name (never scrolled out
 * of view) while the batch runs, and its counts when done. A server that failed or was cancelled
 * shows its failure across the count columns, not zeros; a row with a report opens it.
 */
import { CLIENTS } from '@/lib/core/config/clients';
import type { OverviewRow } from '@/lib/core/session/overview';
import { TOKEN_ENCODING } from '@/lib/core/token-encoding';
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

const HEADERS = [
  'Server',
  'Status',
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
  'Tokens (est.)',
  'Auth',
] as const;

/** The columns a failed row spans with its failure: Protocol to Auth. */
const COUNT_COLUMNS = HEADERS.length - HEADERS.indexOf('Protocol');

const CELL = 'px-2 py-1.5';

function Counts({ row }: { row: OverviewRow | null }) {
  return (
    <>
      <td className={`${CELL} font-mono text-xs`}>{row?.protocolVersion ?? ''}</td>
      <td className={`${CELL} tabular-nums`} data-testid="overview-tools">
        {num(row?.tools)}
      </td>
      <td className={`${CELL} tabular-nums`}>{num(row?.readOnly)}</td>
      <td className={`${CELL} tabular-nums`}>{num(row?.additiveWrites)}</td>
      <td className={`${CELL} tabular-nums`}>{num(row?.destructive)}</td>
      <td className={`${CELL} tabular-nums`}>{num(row?.openWorld)}</td>
      <td className={`${CELL} tabular-nums`}>{num(row?.unannotated)}</td>
      <td className={CELL}>
        {row?.worstFlag ? (
          <span className={`rounded px-1.5 py-0.5 text-xs ${severityClass(row.worstSeverity ?? 'info')}`}>
            {row.worstFlag}
          </span>
        ) : null}
      </td>
      <td className={`${CELL} tabular-nums`}>{num(row?.tokens)}</td>
      <td className={`${CELL} text-xs`}>{row?.authorization == null ? '' : row.authorization ? 'header' : 'none'}</td>
    </>
  );
}

function Row({ batchRow, open, onOpen }: { batchRow: BatchRow; open: boolean; onOpen: (id: string) => void }) {
  const row = batchRow.row;
  const ended = batchRow.state === 'failed' || batchRow.state === 'cancelled';
  const failure = row?.error ?? batchRow.step;
  return (
    <tr
      data-testid="overview-row"
      data-name={batchRow.name}
      data-state={batchRow.state}
      className={`border-b border-slate-100 dark:border-slate-800 ${open ? 'bg-sky-50 dark:bg-sky-950' : ''}`}
    >
      <th scope="row" className={`${CELL} font-medium break-words`}>
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
      <td className={`${CELL} min-w-32`} data-testid="overview-status">
        <span className="flex items-center gap-2">
          {batchRow.state === 'queued' ? null : (
            <StatusIndicator state={batchRow.state === 'running' ? 'running' : batchRow.state} />
          )}
          <span className="text-xs break-words">{ended ? batchRow.state : batchRow.step}</span>
        </span>
      </td>
      <td className={`${CELL} min-w-28`}>{row?.clients.map((c) => CLIENTS[c].label).join(', ') ?? ''}</td>
      <td className={CELL}>{row?.transport ?? ''}</td>
      {ended ? (
        <td colSpan={COUNT_COLUMNS} className={`${CELL} text-xs`} data-testid="overview-failure">
          {/* A bounded block: the message wraps instead of widening the table. */}
          <span className="block max-w-prose break-words">
            {batchRow.state === 'failed' ? 'Failed: ' : 'Cancelled: '}
            {failure}
          </span>
        </td>
      ) : (
        <Counts row={row} />
      )}
    </tr>
  );
}

export function OverviewTable({
  rows,
  openId,
  onOpen,
}: {
  rows: BatchRow[];
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="overview-table">
        <caption className={`caption-bottom pt-2 text-left text-xs ${MUTED}`}>
          Tokens: an estimate of the tool list with {TOKEN_ENCODING}; hosts strip fields and count differently.
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            {HEADERS.map((header) => (
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
          {rows.map((batchRow) => (
            <Row key={batchRow.id} batchRow={batchRow} open={openId === batchRow.id} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
