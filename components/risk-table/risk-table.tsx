'use client';

/**
 * The risk table: one row per tool, in the report's risk order (lib/core/risk.ts) by default,
 * sortable on every column, filterable by text, class and flag. The page flows: the rows are a
 * window-virtualized list that grows with the page (no inner scroll box), printed in full, and
 * shown as cards under 640 px (globals.css). The view (sort, filters, opened row) lives in the URL.
 * A click anywhere on a row opens its details; arrow keys move between rows.
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
  type Updater,
} from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Report } from '@/lib/core/report';
import { MUTED } from '@/components/ui/styles';
import { cellStyle, columns, DEFAULT_SORTING, TABLE_MIN_WIDTH, textFilterFn } from './columns';
import { ExportShown } from './export-shown';
import { ROW_ESTIMATE, RowGroup } from './row-group';
import { TOOL_TABLE_ID } from './skip-to-table';
import { SortHeader, ARIA_SORT } from './sort-header';
import { Toolbar, type TableFilters } from './toolbar';
import { toRow } from './tool-row';
import { viewFromSearch, viewToSearch, type TableView } from './view-state';

const EXPANDED_ESTIMATE = 720;
const HEADER_HEIGHT = 40;

/** True while the page is printed (or print media is emulated): then every row is rendered. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia('print');
    const update = (): void => {
      setPrinting(media.matches);
    };
    const before = (): void => {
      setPrinting(true);
    };
    update();
    media.addEventListener('change', update);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', update);
    return () => {
      media.removeEventListener('change', update);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', update);
    };
  }, []);
  return printing;
}

/** The table's view, read from the URL once and written back as it changes. */
function useUrlView(): [TableView, (change: (view: TableView) => TableView) => void] {
  const [view, setView] = useState<TableView>(() =>
    typeof window === 'undefined' ? viewFromSearch('') : viewFromSearch(window.location.search),
  );
  useEffect(() => {
    const search = viewToSearch(view, window.location.search);
    if (search !== window.location.search) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
    }
  }, [view]);
  return [view, setView];
}

function resolve<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

export function RiskTable({ report }: { report: Report }) {
  const id = useId();
  const data = useMemo(() => report.tools.map(toRow), [report.tools]);
  const [view, setView] = useUrlView();
  const { sorting, filters } = view;
  const expanded = useMemo<ExpandedState>(() => (view.open === null ? {} : { [String(view.open)]: true }), [view.open]);
  const deferredQuery = useDeferredValue(filters.query);
  const globalFilter = deferredQuery.trim().toLowerCase();
  const printing = usePrinting();

  const columnFilters = useMemo<ColumnFiltersState>(() => {
    const list: ColumnFiltersState = [];
    if (filters.classFilter !== '') list.push({ id: 'class', value: filters.classFilter });
    if (filters.flagFilter !== '') list.push({ id: 'flags', value: filters.flagFilter });
    return list;
  }, [filters.classFilter, filters.flagFilter]);

  const setSorting = useCallback(
    (updater: Updater<SortingState>) => {
      setView((current) => ({ ...current, sorting: resolve(updater, current.sorting) }));
    },
    [setView],
  );
  const setFilters = useCallback(
    (next: TableFilters) => {
      setView((current) => ({ ...current, filters: next }));
    },
    [setView],
  );

  const table = useReactTable({
    data,
    columns,
    state: { sorting, columnFilters, globalFilter, expanded },
    onSortingChange: setSorting,
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
  const listRef = useRef<HTMLTableElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (element === null) return;
    const measure = (): void => {
      setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
    };
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.getIsExpanded() === true ? EXPANDED_ESTIMATE : ROW_ESTIMATE),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    scrollMargin,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  // The row that takes Tab focus (roving tabindex): arrow keys move it.
  const [activeRow, setActiveRow] = useState(0);
  const active = Math.min(activeRow, Math.max(0, rows.length - 1));

  const focusRow = (index: number): void => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActiveRow(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // Focus at once when the row is rendered; else as soon as the virtualizer has rendered it.
    const attempt = (frames: number): void => {
      const button = document.getElementById(`${id}-row-${target}`);
      if (button !== null) button.focus();
      else if (frames < 30)
        requestAnimationFrame(() => {
          attempt(frames + 1);
        });
    };
    attempt(0);
  };

  const toggleRow = (toolIndex: number, index: number, open: boolean): void => {
    setActiveRow(index);
    setView((current) => ({ ...current, open: open ? null : toolIndex }));
    if (!open) {
      requestAnimationFrame(() => {
        virtualizer.scrollToIndex(index, { align: 'start' });
      });
    }
  };

  const isDefaultOrder =
    sorting.length === 1 && sorting[0]?.id === DEFAULT_SORTING[0]?.id && sorting[0]?.desc === DEFAULT_SORTING[0]?.desc;
  const filtered = filters.query !== '' || filters.classFilter !== '' || filters.flagFilter !== '';
  const headerGroup = table.getHeaderGroups()[0];
  const titleId = `${id}-title`;
  const items = printing
    ? rows.map((_row, index) => ({ index, key: rows[index]?.id ?? index, start: 0 }))
    : virtualizer.getVirtualItems();

  return (
    <section
      id={TOOL_TABLE_ID}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="min-w-0 scroll-mt-4 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
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
        actions={filtered ? <ExportShown report={report} tools={rows.map((row) => row.original.tool)} /> : null}
      />
      <div className="risk-table-frame border-t border-slate-200 sm:overflow-x-auto dark:border-slate-800">
        <table
          ref={listRef}
          data-testid="risk-table"
          role="table"
          aria-labelledby={titleId}
          aria-rowcount={rows.length + 1}
          className="risk-table block text-sm"
          style={{
            ['--table-min-width' as string]: `${TABLE_MIN_WIDTH}px`,
            ...(printing ? {} : { position: 'relative', height: virtualizer.getTotalSize() }),
          }}
        >
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
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const open = row.getIsExpanded();
            return (
              <RowGroup
                key={item.key}
                row={row}
                index={item.index}
                measure={printing ? () => undefined : virtualizer.measureElement}
                style={
                  printing
                    ? {}
                    : {
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        width: '100%',
                        transform: `translateY(${item.start - scrollMargin}px)`,
                      }
                }
                detailsId={`${id}-details-${row.id}`}
                buttonId={`${id}-row-${item.index}`}
                tabbable={item.index === active}
                onToggle={() => {
                  toggleRow(row.original.tool.index, item.index, open);
                }}
                onMove={(to) => {
                  focusRow(to === 'first' ? 0 : to === 'last' ? rows.length - 1 : item.index + to);
                }}
              />
            );
          })}
        </table>
        {rows.length === 0 ? (
          <p
            data-testid="table-empty"
            className={`flex min-h-28 items-center justify-center px-5 text-center text-sm ${MUTED}`}
          >
            {data.length === 0 ? 'The server listed no tools.' : 'No tool matches these filters.'}
          </p>
        ) : null}
      </div>
    </section>
  );
}
