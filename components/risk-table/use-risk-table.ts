'use client';

/**
 * The risk table's state: the rows (tanstack table: sort, filters, the opened row), the view kept in the
 * URL, and the window-virtualized list (every row drawn up to DRAW_EVERY_ROW_UP_TO) with its roving Tab stop.
 */
import {
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type ExpandedState,
  type Row,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Report } from '@/lib/core/report/report';
import { columns, DEFAULT_SORTING, textFilterFn } from './columns';
import { ROW_ESTIMATE } from './row-group';
import { HEADER_HEIGHT } from './table-head';
import type { TableFilters } from './toolbar';
import { toRow, type ToolRow } from './tool-row';
import { viewFromSearch, viewToSearch, type TableView } from './view-state';

const EXPANDED_ESTIMATE = 720;

/**
 * Up to this many rows every row is drawn (the virtualizer's overscan covers them all), so the
 * browser's find-in-page, a screen reader's list of rows and a copy of the page find every tool.
 * Above it only the rows near the window are: a row is a few dozen elements, and 200 of them draw in
 * well under a frame budget on a slow laptop, while servers with more tools (thousands, from
 * generated APIs) would make the page slow to draw and to scroll.
 */
export const DRAW_EVERY_ROW_UP_TO = 200;
/** Rows drawn beyond the window's edges in a longer table. */
const OVERSCAN = 8;

type SetView = (change: (view: TableView) => TableView) => void;

/** The table's view, read from the URL once and written back as it changes. */
function useUrlView(): [TableView, SetView] {
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

/** The tools as a tanstack table in the URL's view: sorted, filtered, one row opened. */
function useToolTable(report: Report) {
  const data = useMemo(() => report.tools.map(toRow), [report.tools]);
  const [view, setView] = useUrlView();
  const { sorting, filters } = view;
  const expanded = useMemo<ExpandedState>(() => (view.open === null ? {} : { [String(view.open)]: true }), [view.open]);
  const deferredQuery = useDeferredValue(filters.query);
  const globalFilter = deferredQuery.trim().toLowerCase();

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
  return { data, sorting, filters, setView, setSorting, setFilters, table };
}

/** The table's top on the page (the virtualizer's scroll margin), measured again as the page reflows. */
function useScrollMargin() {
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
  return { listRef, scrollMargin };
}

/** The rows drawn (those near the window), the Tab stop, and opening a row. */
function useRowWindow(rows: Row<ToolRow>[], id: string, setView: SetView) {
  const { listRef, scrollMargin } = useScrollMargin();
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.getIsExpanded() === true ? EXPANDED_ESTIMATE : ROW_ESTIMATE),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: rows.length <= DRAW_EVERY_ROW_UP_TO ? rows.length : OVERSCAN,
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

  const items = virtualizer.getVirtualItems();
  return { listRef, scrollMargin, virtualizer, active, focusRow, toggleRow, items };
}

export function useRiskTable(report: Report) {
  const id = useId();
  const { data, sorting, filters, setView, setSorting, setFilters, table } = useToolTable(report);
  const rows = table.getRowModel().rows;
  const rowWindow = useRowWindow(rows, id, setView);
  const isDefaultOrder =
    sorting.length === 1 && sorting[0]?.id === DEFAULT_SORTING[0]?.id && sorting[0]?.desc === DEFAULT_SORTING[0]?.desc;
  const filtered = filters.query !== '' || filters.classFilter !== '' || filters.flagFilter !== '';
  return { id, data, rows, table, filters, setSorting, setFilters, isDefaultOrder, filtered, ...rowWindow };
}

export type RiskTableState = ReturnType<typeof useRiskTable>;
