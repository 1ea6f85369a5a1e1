/**
 * One tool in the table: its row of cells and, when open, the tool in full below it. A click
 * anywhere on the row (the name included) opens it; the first cell's button carries the state
 * (aria-expanded) and the keyboard: Enter or Space toggles, arrow keys, Home and End move between
 * rows (one row is a Tab stop at a time). Cells carry their column name for the card layout.
 */
import { flexRender, type Row } from '@tanstack/react-table';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { cellStyle, NUMERIC_COLUMNS } from './columns';
import { ToolDetails } from './tool-details';
import type { ToolRow } from './tool-row';

export const ROW_ESTIMATE = 56;

const CARD_LABELS: Record<string, string> = {
  class: 'Class',
  readOnlyHint: 'readOnlyHint',
  destructiveHint: 'destructiveHint',
  idempotentHint: 'idempotentHint',
  openWorldHint: 'openWorldHint',
  flags: 'Flags',
  bytes: 'Bytes',
  risk: 'Risk',
};

interface RowGroupProps {
  row: Row<ToolRow>;
  index: number;
  /** Positions the group inside the virtualized table. */
  style: CSSProperties;
  measure: (element: HTMLTableSectionElement | null) => void;
  detailsId: string;
  buttonId: string;
  /** The row that takes Tab focus. */
  tabbable: boolean;
  onToggle: () => void;
  onMove: (to: number | 'first' | 'last') => void;
}

type Move = RowGroupProps['onMove'];

const MOVES: Record<string, Parameters<Move>[0]> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };

/** The first cell's button: the row's open state, and the keyboard (Enter or Space, arrows, Home, End). */
function ExpandButton(props: {
  id: string;
  name: string;
  open: boolean;
  detailsId: string;
  tabbable: boolean;
  onToggle: () => void;
  onMove: Move;
}) {
  const { id, name, open, detailsId, tabbable, onToggle, onMove } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const to = MOVES[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onMove(to);
  };
  return (
    <button
      type="button"
      id={id}
      data-testid="row-expand"
      tabIndex={tabbable ? 0 : -1}
      aria-expanded={open}
      aria-controls={open ? detailsId : undefined}
      aria-label={`${open ? 'Hide' : 'Show'} details of ${name === '' ? 'the unnamed tool' : name}`}
      className="-ml-1 inline-flex size-7 items-center justify-center rounded text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
      onClick={onToggle}
      onKeyDown={onKeyDown}
    >
      <span aria-hidden="true" className={`text-xs transition-transform ${open ? 'rotate-90' : ''}`}>
        ▶
      </span>
    </button>
  );
}

/** The opened tool in full, under its row. */
function DetailsRow({ id, tool }: { id: string; tool: ToolRow['tool'] }) {
  return (
    <tr
      role="row"
      className="tool-details-row block border-b border-slate-200 bg-white shadow-[inset_3px_0_0_var(--color-sky-500)] dark:border-slate-700 dark:bg-slate-900"
    >
      <td role="cell" className="block" id={id}>
        <div className="sticky left-0 box-border max-w-[100vw] p-4 sm:max-w-[calc(100vw-3rem)] sm:p-5">
          <ToolDetails tool={tool} />
        </div>
      </td>
    </tr>
  );
}

export function RowGroup(props: RowGroupProps) {
  const { row, index, style, measure, detailsId, buttonId, tabbable, onToggle, onMove } = props;
  const { tool } = row.original;
  const open = row.getIsExpanded();
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>): void => {
    // Links, buttons and text selection inside the row keep their own meaning.
    if (event.target instanceof Element && event.target.closest('button, a, input, select') !== null) return;
    if (window.getSelection()?.toString() !== '') return;
    onToggle();
  };
  return (
    <tbody ref={measure} data-index={index} role="rowgroup" className="block" style={style}>
      <tr
        data-testid="tool-row"
        role="row"
        data-tool-name={tool.name}
        data-expanded={open}
        aria-rowindex={index + 2}
        onClick={onRowClick}
        className={`tool-row flex cursor-pointer border-b border-slate-100 dark:border-slate-800 ${
          open ? 'bg-sky-50 dark:bg-sky-950' : 'hover:bg-slate-50 dark:hover:bg-slate-800/50'
        }`}
        style={{ minHeight: ROW_ESTIMATE }}
      >
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            role="cell"
            data-column={cell.column.id}
            data-label={CARD_LABELS[cell.column.id]}
            className={`flex items-center px-2.5 py-2 ${NUMERIC_COLUMNS.has(cell.column.id) ? 'justify-end' : ''}`}
            style={cellStyle(cell.column.id, cell.column.getSize())}
          >
            {cell.column.id === 'expand' ? (
              <ExpandButton
                id={buttonId}
                name={tool.name}
                open={open}
                detailsId={detailsId}
                tabbable={tabbable}
                onToggle={onToggle}
                onMove={onMove}
              />
            ) : (
              flexRender(cell.column.columnDef.cell, cell.getContext())
            )}
          </td>
        ))}
      </tr>
      {open ? <DetailsRow id={detailsId} tool={tool} /> : null}
    </tbody>
  );
}
