'use client';

/**
 * The risk table: one row per tool, riskiest first (report riskScore), sortable on every column,
 * filterable by text, class and flag, virtualized so 5,000 tools stay fast. Sort keys and search
 * text are computed once per report; only the visible rows are rendered. Expanding a row (one at
 * a time) shows the tool in full below it.
 */
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type ExpandedState,
  type FilterFn,
  type Header,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import { HINTS, type HintName } from '@/lib/core/annotations';
import { FLAG_IDS, severityRank, type FlagId } from '@/lib/core/flags';
import type { Report, ToolReport } from '@/lib/core/report';
import { CLASS_LABELS, ClassBadge, FlagBadge, HintChip, SeverityLabel, type ToolClass } from '@/components/ui/badges';
import { formatCount } from '@/components/ui/display-format';
import { Glossary, SourceLegend } from './glossary';
import { ToolDetails } from './tool-details';
import { BUTTON, INPUT, LABEL, MUTED } from '@/components/ui/styles';
import { hasInvisibleCharacters, VisibleText } from '@/components/ui/visible-text';

interface ToolRow {
  tool: ToolReport;
  /** Lower-cased display name, then name: what the name column shows. */
  nameKey: string;
  /** Lower-cased name, title, annotations title and description, for the text filter. */
  search: string;
  classKey: number;
  hintKeys: Record<HintName, number>;
  /** Most severe flag first, then how many. */
  flagKey: number;
  flagIds: FlagId[];
}

const CLASS_ORDER: Record<ToolClass, number> = { 'read-only': 0, 'additive-write': 1, 'destructive-write': 2 };
const SOURCE_ORDER = { declared: 3, default: 2, malformed: 1, 'not-applicable': 0 } as const;

function toRow(tool: ToolReport): ToolRow {
  const hintKeys = {} as Record<HintName, number>;
  for (const hint of HINTS) {
    const { value, source } = tool.effective[hint];
    hintKeys[hint] = (source === 'not-applicable' ? 0 : value ? 2 : 1) * 4 + SOURCE_ORDER[source];
  }
  let best = SEVERITY_COUNT;
  for (const flag of tool.flags) best = Math.min(best, severityRank(flag.severity));
  return {
    tool,
    nameKey: `${tool.displayName.toLowerCase()}\u0000${tool.name.toLowerCase()}`,
    search: [tool.name, tool.displayName, tool.title ?? '', tool.description ?? ''].join('\n').toLowerCase(),
    classKey: CLASS_ORDER[tool.class],
    hintKeys,
    flagKey: tool.flags.length === 0 ? 0 : (SEVERITY_COUNT - best) * 1000 + tool.flags.length,
    flagIds: tool.flags.map((flag) => flag.id),
  };
}
const SEVERITY_COUNT = 4;

const columnHelper = createColumnHelper<ToolRow>();

const classFilterFn: FilterFn<ToolRow> = (row, _columnId, value: unknown) => row.original.tool.class === value;
const flagFilterFn: FilterFn<ToolRow> = (row, _columnId, value: unknown) =>
  row.original.flagIds.includes(value as FlagId);
const textFilterFn: FilterFn<ToolRow> = (row, _columnId, value: unknown) =>
  typeof value !== 'string' || row.original.search.includes(value);

const HINT_WIDTH = 112;

const HINT_HEADER: Record<HintName, string> = {
  readOnlyHint: 'readOnly',
  destructiveHint: 'destructive',
  idempotentHint: 'idempotent',
  openWorldHint: 'openWorld',
};

const columns = [
  columnHelper.display({
    id: 'expand',
    size: 40,
    enableSorting: false,
    header: () => <span className="sr-only">Details</span>,
  }),
  columnHelper.accessor((row) => row.nameKey, {
    id: 'name',
    size: 160,
    sortingFn: 'basic',
    sortDescFirst: false,
    header: 'Tool',
    cell: ({ row }) => {
      const { tool } = row.original;
      return (
        <div className="min-w-0">
          <div
            className="line-clamp-2 font-medium break-all text-slate-900 dark:text-slate-100"
            title={hasInvisibleCharacters(tool.displayName) ? undefined : tool.displayName}
          >
            {tool.displayName === '' ? <span className={`italic ${MUTED}`}>(empty name)</span> : null}
            <VisibleText text={tool.displayName} controls />
          </div>
          {tool.name !== tool.displayName ? (
            <div
              className={`truncate font-mono text-xs ${MUTED}`}
              title={hasInvisibleCharacters(tool.name) ? undefined : tool.name}
            >
              {tool.name === '' ? '(empty name)' : <VisibleText text={tool.name} controls />}
            </div>
          ) : null}
        </div>
      );
    },
  }),
  columnHelper.accessor((row) => row.classKey, {
    id: 'class',
    size: 140,
    sortingFn: 'basic',
    sortDescFirst: true,
    filterFn: classFilterFn,
    header: 'Class',
    cell: ({ row }) => <ClassBadge value={row.original.tool.class} />,
  }),
  ...HINTS.map((hint) =>
    columnHelper.accessor((row) => row.hintKeys[hint], {
      id: hint,
      size: HINT_WIDTH,
      sortingFn: 'basic',
      sortDescFirst: true,
      header: () => (
        <span title={hint}>
          {HINT_HEADER[hint]}
          <span className="sr-only">Hint</span>
        </span>
      ),
      cell: ({ row }) => {
        const { value, source } = row.original.tool.effective[hint];
        return <HintChip hint={hint} value={value} source={source} />;
      },
    }),
  ),
  columnHelper.accessor((row) => row.flagKey, {
    id: 'flags',
    size: 280,
    sortingFn: 'basic',
    sortDescFirst: true,
    filterFn: flagFilterFn,
    header: 'Flags',
    cell: ({ row }) => {
      const { flags } = row.original.tool;
      return flags.length === 0 ? (
        <span className={`text-xs ${MUTED}`}>none</span>
      ) : (
        <div className="flex flex-wrap gap-1">
          {flags.map((flag, i) => (
            // A tool's flags are a fixed list in report order.
            <FlagBadge key={`${flag.id}-${i}`} flag={flag} />
          ))}
        </div>
      );
    },
  }),
  columnHelper.accessor((row) => row.tool.bytes, {
    id: 'bytes',
    size: 80,
    sortingFn: 'basic',
    sortDescFirst: true,
    header: 'Bytes',
    cell: ({ getValue }) => <span className="tabular-nums">{formatCount(getValue())}</span>,
  }),
  columnHelper.accessor((row) => row.tool.riskScore, {
    id: 'risk',
    size: 72,
    sortingFn: 'basic',
    sortDescFirst: true,
    header: 'Risk',
    cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
  }),
];

const NUMERIC_COLUMNS = new Set(['bytes', 'risk']);
const TABLE_MIN_WIDTH = columns.reduce((sum, column) => sum + (column.size ?? 100), 0);
const HEADER_HEIGHT = 40;
const ROW_ESTIMATE = 56;
const EMPTY_HEIGHT = 120;
/** Room for a horizontal scrollbar, so a short table does not also scroll vertically. */
const SCROLLBAR_ALLOWANCE = 18;
const EXPANDED_ESTIMATE = 720;
const DEFAULT_SORTING: SortingState = [{ id: 'risk', desc: true }];

function cellStyle(id: string, size: number): CSSProperties {
  return { flex: id === 'name' ? `1 0 ${size}px` : `0 0 ${size}px`, minWidth: 0 };
}

function SortHeader({ header }: { header: Header<ToolRow, unknown> }) {
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

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

interface RiskTableProps {
  report: Report;
}

export function RiskTable({ report }: RiskTableProps) {
  const id = useId();
  const data = useMemo(() => report.tools.map(toRow), [report.tools]);
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORTING);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [query, setQuery] = useState('');
  const [classFilter, setClassFilter] = useState('');
  const [flagFilter, setFlagFilter] = useState('');
  const deferredQuery = useDeferredValue(query);
  const globalFilter = deferredQuery.trim().toLowerCase();

  const columnFilters = useMemo<ColumnFiltersState>(() => {
    const filters: ColumnFiltersState = [];
    if (classFilter !== '') filters.push({ id: 'class', value: classFilter });
    if (flagFilter !== '') filters.push({ id: 'flags', value: flagFilter });
    return filters;
  }, [classFilter, flagFilter]);

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
  const [viewportWidth, setViewportWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => {
      setViewportWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);

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

  const flagCounts = report.summary.flagCounts;
  const presentFlags = FLAG_IDS.filter((flag) => (flagCounts[flag] ?? 0) > 0);
  const absentFlags = FLAG_IDS.filter((flag) => (flagCounts[flag] ?? 0) === 0);
  const classCounts = useMemo(() => {
    const counts: Record<ToolClass, number> = { 'read-only': 0, 'additive-write': 0, 'destructive-write': 0 };
    for (const tool of report.tools) counts[tool.class] += 1;
    return counts;
  }, [report.tools]);

  const isDefaultOrder = sorting.length === 1 && sorting[0]?.id === 'risk' && sorting[0].desc;
  const filtered = query !== '' || classFilter !== '' || flagFilter !== '';
  const virtualItems = virtualizer.getVirtualItems();
  const headerGroup = table.getHeaderGroups()[0];

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-slate-50">
              Tools
            </h2>
            <span data-testid="rows-shown" className={`text-sm tabular-nums ${MUTED}`} aria-live="polite">
              {`${rows.length} of ${data.length} tools`}
            </span>
            <span className={`text-xs ${MUTED}`}>{isDefaultOrder ? 'riskiest first' : null}</span>
          </div>
          <Glossary />
        </div>
        <div className="grid gap-2 sm:grid-cols-[minmax(12rem,1fr)_auto_auto_auto] sm:items-end">
          <div>
            <label htmlFor={`${id}-filter`} className={LABEL}>
              Filter
            </label>
            <input
              id={`${id}-filter`}
              data-testid="table-filter"
              type="search"
              className={`${INPUT} mt-1`}
              placeholder="name, title or description"
              value={query}
              spellCheck={false}
              onChange={(event) => {
                setQuery(event.target.value);
              }}
            />
          </div>
          <div>
            <label htmlFor={`${id}-class`} className={LABEL}>
              Class
            </label>
            <select
              id={`${id}-class`}
              data-testid="class-filter"
              className={`${INPUT} mt-1`}
              value={classFilter}
              onChange={(event) => {
                setClassFilter(event.target.value);
              }}
            >
              <option value="">All classes</option>
              {(Object.keys(CLASS_LABELS) as ToolClass[]).map((cls) => (
                <option key={cls} value={cls}>
                  {`${CLASS_LABELS[cls]} (${classCounts[cls]})`}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-flag`} className={LABEL}>
              Flag
            </label>
            <select
              id={`${id}-flag`}
              data-testid="flag-filter"
              className={`${INPUT} mt-1 sm:max-w-64`}
              value={flagFilter}
              onChange={(event) => {
                setFlagFilter(event.target.value);
              }}
            >
              <option value="">All flags</option>
              {presentFlags.length > 0 ? (
                <optgroup label="In this report">
                  {presentFlags.map((flag) => (
                    <option key={flag} value={flag}>
                      {`${flag} (${flagCounts[flag] ?? 0})`}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {absentFlags.length > 0 ? (
                <optgroup label="Not raised here">
                  {absentFlags.map((flag) => (
                    <option key={flag} value={flag}>
                      {`${flag} (0)`}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </div>
          <div className="flex gap-2">
            {filtered ? (
              <button
                type="button"
                data-testid="clear-filters"
                className={BUTTON.secondary}
                onClick={() => {
                  setQuery('');
                  setClassFilter('');
                  setFlagFilter('');
                }}
              >
                Clear filters
              </button>
            ) : null}
            {!isDefaultOrder ? (
              <button
                type="button"
                data-testid="sort-reset"
                className={BUTTON.secondary}
                onClick={() => {
                  setSorting(DEFAULT_SORTING);
                }}
              >
                Riskiest first
              </button>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <SourceLegend />
          <div className={`flex flex-wrap items-center gap-1.5 text-xs ${MUTED}`}>
            <span>Flag severity</span>
            <SeverityLabel severity="high" />
            <SeverityLabel severity="medium" />
            <SeverityLabel severity="low" />
            <SeverityLabel severity="info" />
          </div>
        </div>
      </div>

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
          aria-labelledby={`${id}-title`}
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
          {virtualItems.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const { tool } = row.original;
            const open = row.getIsExpanded();
            const detailsId = `${id}-details-${row.id}`;
            return (
              <tbody
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="rowgroup"
                className="block"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <tr
                  data-testid="tool-row"
                  role="row"
                  data-tool-name={tool.name}
                  data-expanded={open}
                  aria-rowindex={item.index + 2}
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
                          onClick={() => {
                            toggleRow(row.id, item.index, open);
                          }}
                        >
                          <span
                            aria-hidden="true"
                            className={`text-xs transition-transform ${open ? 'rotate-90' : ''}`}
                          >
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
