'use client';
/**
 * A table of prompts, resources or resource templates, the same way the tool table works: a text
 * filter, sorting on every column, and a row that opens on the item exactly as sent (raw JSON with
 * invisible characters escaped), its description with hidden-character markers, and its findings.
 * Reads the Report only; no rule is re-derived here.
 */
import { useMemo, useState } from 'react';
import { INPUT, MUTED } from '@/components/ui/styles';
import { shownRows, type SortKey, type SurfaceRow, type SurfaceSort } from './item-order';
import { SurfaceTableRow } from './item-row';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'kind', label: 'Kind' },
  { key: 'severity', label: 'Findings' },
  { key: 'tokens', label: 'Cost (estimate)' },
];

export function SurfaceItemTable({
  rows,
  testId,
  empty,
}: {
  rows: readonly SurfaceRow[];
  testId: string;
  empty: string;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SurfaceSort>({ key: 'severity', descending: false });
  const [open, setOpen] = useState<string | null>(null);
  const shown = useMemo(() => shownRows(rows, filter, sort), [rows, filter, sort]);

  if (rows.length === 0) return <p className={`text-sm ${MUTED}`}>{empty}</p>;
  return (
    <div data-testid={testId} className="space-y-3">
      <input
        type="search"
        aria-label="Filter"
        placeholder="Filter by name, URI, description or finding"
        className={`${INPUT} max-w-md`}
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
        }}
        data-testid={`${testId}-filter`}
      />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <SortHeader sort={sort} onSort={setSort} />
          <tbody>
            {shown.map((row) => {
              const expanded = open === row.key;
              const top = row.flags[0];
              return (
                <SurfaceTableRow
                  key={row.key}
                  row={row}
                  expanded={expanded}
                  topSeverity={top?.severity ?? null}
                  onToggle={() => {
                    setOpen(expanded ? null : row.key);
                  }}
                  testId={testId}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={`text-xs ${MUTED}`}>
        {shown.length} of {rows.length} shown. Token figures are estimates (o200k_base on the JSON as sent).
      </p>
    </div>
  );
}

function SortHeader({ sort, onSort }: { sort: SurfaceSort; onSort: (sort: SurfaceSort) => void }) {
  return (
    <thead>
      <tr className={`border-b border-slate-200 text-xs dark:border-slate-800 ${MUTED}`}>
        {COLUMNS.map((column) => {
          const active = sort.key === column.key;
          return (
            <th
              key={column.key}
              scope="col"
              className="px-2 py-1.5 font-medium"
              aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
            >
              <button
                type="button"
                className="hover:text-slate-900 dark:hover:text-white"
                onClick={() => {
                  onSort({ key: column.key, descending: active ? !sort.descending : false });
                }}
              >
                {column.label}
                {active ? (sort.descending ? ' ↓' : ' ↑') : ''}
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
