'use client';

/**
 * The risk table: one row per tool, in the report's risk order (lib/core/report/risk.ts) by default,
 * sortable on every column, filterable by text, class and flag. The page flows: the rows are a
 * window-virtualized list that grows with the page (no inner scroll box; every row drawn up to
 * DRAW_EVERY_ROW_UP_TO in use-risk-table.ts, so find-in-page finds each tool), shown as cards under
 * 640 px (globals.css); on paper the review document (components/print) stands in its place. The
 * view (sort, filters, opened row) lives in the URL. A click anywhere on a row opens its details;
 * arrow keys move between rows. State: use-risk-table.ts.
 */
import type { CSSProperties } from 'react';
import { reportToCsv } from '@/lib/core/csv/tools';
import type { Report } from '@/lib/core/report/report';
import { csv } from '@/lib/cli/formats/csv';
import { DownloadButton } from '@/components/ui/download-button';
import { downloadName } from '@/components/ui/download-names';
import { MUTED } from '@/components/ui/styles';
import { DEFAULT_SORTING, TABLE_MIN_WIDTH } from './columns';
import { RowGroup } from './row-group';
import { TOOL_TABLE_ID } from './skip-to-table';
import { TableHead } from './table-head';
import { Toolbar } from './toolbar';
import { useRiskTable, type RiskTableState } from './use-risk-table';

/** Where a drawn row sits in the virtualized table. */
function rowStyle(offset: number): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${offset}px)` };
}

/** The drawn rows, each a row group that opens to its details. */
function ToolRows({ state }: { state: RiskTableState }) {
  const { id, rows, items, virtualizer, scrollMargin, active, toggleRow, focusRow } = state;
  return items.map((item) => {
    const row = rows[item.index];
    if (row === undefined) return null;
    const open = row.getIsExpanded();
    return (
      <RowGroup
        key={item.key}
        row={row}
        index={item.index}
        measure={virtualizer.measureElement}
        style={rowStyle(item.start - scrollMargin)}
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
  });
}

export function RiskTable({ report }: { report: Report }) {
  const state = useRiskTable(report);
  const { id, data, rows, table, filters, virtualizer, listRef } = state;
  const titleId = `${id}-title`;

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
        isDefaultOrder={state.isDefaultOrder}
        filters={filters}
        onFilters={state.setFilters}
        onResetOrder={() => {
          state.setSorting(DEFAULT_SORTING);
        }}
        classCounts={report.summary.classCounts}
        flagCounts={report.summary.flagCounts}
        actions={
          // "Download shown (CSV)": the rows the filtered table shows, in risk order; the file name says so.
          state.filtered ? (
            <DownloadButton
              testId="export-csv-shown"
              file={() => {
                const tools = rows.map((row) => row.original.tool);
                return [reportToCsv(report, { tools }), csv, downloadName(report, csv, 'filtered')];
              }}
            >
              Download shown ({rows.length}) as CSV
            </DownloadButton>
          ) : null
        }
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
            position: 'relative',
            height: virtualizer.getTotalSize(),
          }}
        >
          <TableHead headerGroup={table.getHeaderGroups()[0]} />
          <ToolRows state={state} />
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
