'use client';

/**
 * The risk table: one row per tool, riskiest first (report riskScore), sortable on every column,
 * filterable by text, class and flag, virtualized so 5,000 tools stay fast. Sort keys and search
 * text are computed once per report; only the visible rows are rendered. Expanding a row (one at
 * a time) shows the tool in full below it.
 */
import {
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type ExpandedState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import type { Report } from '@/lib/core/report';
import { MUTED } from '@/components/ui/styles';
import { cellStyle, columns, DEFAULT_SORTING, TABLE_MIN_WIDTH, textFilterFn } from './columns';
import { ROW_ESTIMATE, RowGroup } from './row-group';
import { SortHeader, ARIA_SORT } from './sort-header';
import { NO_FILTERS, Toolbar, type TableFilters } from './toolbar';
import { toRow } from './tool-row';

const HEADER_HEIGHT = 40;
const EMPTY_HEIGHT = 120;
/** Room for a horizontal scrollbar, so a short table does not also scroll vertically. */
const SCROLLBAR_ALLOWANCE = 18;
const EXPANDED_ESTIMATE = 720;

/** The scroll region's inner width, followed as it resizes. */
function useInnerWidth(ref: RefObject<HTMLDivElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => {
      setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

export function RiskTable({ report }: { report: Report }) {
  const id = useId();
  const data = useMemo(() => report.tools.map(toRow), [report.tools]);
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORTING);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [filters, setFilters] = useState<TableFilters>(NO_FILTERS);
  const deferredQuery = useDeferredValue(filters.query);
  const globalFilter = deferredQuery.trim().toLowerCase();

  const columnFilters = useMemo<ColumnFiltersState>(() => {
    const list: ColumnFiltersState = [];
    if (filters.classFilter !== '') list.push({ id: 'class', value: filters.classFilter });
    if (filters.flagFilter !== '') list.push({ id: 'flags', value: filters.flagFilter });
    return list;
  }, [filters.classFilter, filters.flagFilter]);

  const table = useReactTable({
    data,
    columns,
    state: { sorting, columnFilters, globalFilter, expanded },
    onSortingChange: setSorting,
    onExpandedChange: setExpanded,
    getRowId: (row) => String(row.tool.index),
    getRowCanExpand: () => true,
    getColumnCanGlobalFilter: (column) => column.id === 'name',
    globalFilterFn: textFilterFn,
    enableMultiSort: false,
    enableSortingRemoval: false,
    autoResetExpanded: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const viewportWidth = useInnerWidth(scrollRef);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.getIsExpanded() === true ? EXPANDED_ESTIMATE : ROW_ESTIMATE),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  const toggleRow = (rowId: string, index: number, open: boolean): void => {
    setExpanded(open ? {} : { [rowId]: true });
    // Bring the opened row to the top of the table, with its details below it.
    if (!open) {
      requestAnimationFrame(() => {
        virtualizer.scrollToIndex(index, { align: 'start' });
      });
    }
  };

  const isDefaultOrder = sorting.length === 1 && sorting[0]?.id === 'risk' && sorting[0].desc;
  const headerGroup = table.getHeaderGroups()[0];
  const titleId = `${id}-title`;

  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <Toolbar
        titleId={titleId}
        shown={rows.length}
        total={data.length}
        isDefaultOrder={isDefaultOrder}
        filters={filters}
        onFilters={setFilters}
        onResetOrder={() => {
          setSorting(DEFAULT_SORTING);
        }}
        classCounts={report.summary.classCounts}
        flagCounts={report.summary.flagCounts}
      />
      <div
        ref={scrollRef}
        data-testid="risk-table-scroll"
        tabIndex={0}
        role="region"
        aria-label="Tool table (scrolls)"
        className="relative overflow-auto overscroll-contain border-t border-slate-200 dark:border-slate-800"
        style={{
          height: `min(70vh, 46rem, ${Math.max(virtualizer.getTotalSize(), HEADER_HEIGHT + EMPTY_HEIGHT) + SCROLLBAR_ALLOWANCE}px)`,
        }}
      >
        <table
          data-testid="risk-table"
          role="table"
          aria-labelledby={titleId}
          aria-rowcount={rows.length + 1}
          className="block text-sm"
          style={{ position: 'relative', minWidth: TABLE_MIN_WIDTH, height: virtualizer.getTotalSize() }}
        >
          <thead
            role="rowgroup"
            className="block border-b border-slate-200 bg-slate-50/95 text-xs font-medium text-slate-600 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95 dark:text-slate-300"
            style={{ position: 'sticky', top: 0, zIndex: 2 }}
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
                      aria-sort={
                        header.column.getCanSort() ? (sorted === false ? 'none' : ARIA_SORT[sorted]) : undefined
                      }
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
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const open = row.getIsExpanded();
            return (
              <RowGroup
                key={item.key}
                row={row}
                index={item.index}
                measure={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
                detailsId={`${id}-details-${row.id}`}
                viewportWidth={viewportWidth}
                onToggle={() => {
                  toggleRow(row.id, item.index, open);
                }}
              />
            );
          })}
        </table>
        {rows.length === 0 ? (
          <p
            data-testid="table-empty"
            className={`sticky left-0 flex items-center justify-center px-5 text-center text-sm ${MUTED}`}
            style={{ width: viewportWidth ?? undefined, height: EMPTY_HEIGHT }}
          >
            {data.length === 0 ? 'The server listed no tools.' : 'No tool matches these filters.'}
          </p>
        ) : null}
      </div>
    </section>
  );
}
