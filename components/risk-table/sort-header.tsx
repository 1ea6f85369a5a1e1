/** A sortable column header: a button that says which order the next click gives, with an arrow. */
import { flexRender, type Header } from '@tanstack/react-table';
import { NUMERIC_COLUMNS } from './columns';
import type { ToolRow } from './tool-row';

export function SortHeader({ header }: { header: Header<ToolRow, unknown> }) {
  const { column } = header;
  const sorted = column.getIsSorted();
  const label = flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) return <>{label}</>;
  const next = column.getNextSortingOrder();
  return (
    <button
      type="button"
      data-testid={`sort-${column.id}`}
      onClick={column.getToggleSortingHandler()}
      title={`Sort by ${column.id}${next === false ? '' : next === 'desc' ? ', descending' : ', ascending'}`}
      className={`group inline-flex max-w-full items-center gap-0.5 rounded py-0.5 text-left hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:text-white ${
        NUMERIC_COLUMNS.has(column.id) ? 'ml-auto flex-row-reverse' : ''
      } ${sorted === false ? '' : 'text-slate-950 dark:text-white'}`}
    >
      <span className="truncate">{label}</span>
      <span
        aria-hidden="true"
        className={`w-3 shrink-0 text-center text-[0.65rem] ${sorted === false ? 'opacity-0 group-hover:opacity-40' : ''}`}
      >
        {sorted === 'asc' ? '▲' : '▼'}
      </span>
    </button>
  );
}

export const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
