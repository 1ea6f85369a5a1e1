/** The risk table's header row: one column header per column, sortable ones with their aria-sort. */
import type { HeaderGroup } from '@tanstack/react-table';
import { cellStyle } from './columns';
import { ARIA_SORT, SortHeader } from './sort-header';
import type { ToolRow } from './tool-row';

export const HEADER_HEIGHT = 40;

export function TableHead({ headerGroup }: { headerGroup: HeaderGroup<ToolRow> | undefined }) {
  return (
    <thead
      role="rowgroup"
      className="block border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      {headerGroup !== undefined ? (
        <tr role="row" className="flex" style={{ height: HEADER_HEIGHT }} aria-rowindex={1}>
          {headerGroup.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <th
                key={header.id}
                scope="col"
                role="columnheader"
                aria-sort={header.column.getCanSort() ? (sorted === false ? 'none' : ARIA_SORT[sorted]) : undefined}
                className="flex items-center px-2.5 text-left font-medium"
                style={cellStyle(header.column.id, header.column.getSize())}
              >
                <SortHeader header={header} />
              </th>
            );
          })}
        </tr>
      ) : null}
    </thead>
  );
}
