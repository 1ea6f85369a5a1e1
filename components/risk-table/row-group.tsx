/**
 * One tool in the virtualized table: its row of cells (the first one a button that opens the
 * details) and, when open, the tool in full below it, pinned to the visible width.
 */
import { flexRender, type Row } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import { cellStyle, NUMERIC_COLUMNS } from './columns';
import { ToolDetails } from './tool-details';
import type { ToolRow } from './tool-row';

export const ROW_ESTIMATE = 56;

interface RowGroupProps {
  row: Row<ToolRow>;
  index: number;
  /** Positions the group inside the virtualized table. */
  style: CSSProperties;
  measure: (element: HTMLTableSectionElement | null) => void;
  detailsId: string;
  /** The scroll region's inner width, so the details do not scroll sideways with the columns. */
  viewportWidth: number | null;
  onToggle: () => void;
}

export function RowGroup({ row, index, style, measure, detailsId, viewportWidth, onToggle }: RowGroupProps) {
  const { tool } = row.original;
  const open = row.getIsExpanded();
  return (
    <tbody ref={measure} data-index={index} role="rowgroup" className="block" style={style}>
      <tr
        data-testid="tool-row"
        role="row"
        data-tool-name={tool.name}
        data-expanded={open}
        aria-rowindex={index + 2}
        className={`flex border-b border-slate-100 dark:border-slate-800 ${
          open ? 'bg-sky-50/70 dark:bg-sky-950/40' : 'hover:bg-slate-50 dark:hover:bg-slate-800/50'
        }`}
        style={{ minHeight: ROW_ESTIMATE }}
      >
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            role="cell"
            className={`flex items-center px-2.5 py-2 ${NUMERIC_COLUMNS.has(cell.column.id) ? 'justify-end' : ''}`}
            style={cellStyle(cell.column.id, cell.column.getSize())}
          >
            {cell.column.id === 'expand' ? (
              <button
                type="button"
                data-testid="row-expand"
                aria-expanded={open}
                aria-controls={open ? detailsId : undefined}
                aria-label={`${open ? 'Hide' : 'Show'} details of ${tool.name === '' ? 'the unnamed tool' : tool.name}`}
                className="-ml-1 inline-flex size-7 items-center justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
                onClick={onToggle}
              >
                <span aria-hidden="true" className={`text-xs transition-transform ${open ? 'rotate-90' : ''}`}>
                  ▶
                </span>
              </button>
            ) : (
              flexRender(cell.column.columnDef.cell, cell.getContext())
            )}
          </td>
        ))}
      </tr>
      {open ? (
        <tr
          role="row"
          className="block border-b border-slate-200 bg-white shadow-[inset_3px_0_0_var(--color-sky-500)] dark:border-slate-700 dark:bg-slate-900"
        >
          <td role="cell" className="block" id={detailsId}>
            <div
              className="sticky left-0 box-border p-4 sm:p-5"
              style={viewportWidth === null ? undefined : { width: viewportWidth }}
            >
              <ToolDetails tool={tool} />
            </div>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
