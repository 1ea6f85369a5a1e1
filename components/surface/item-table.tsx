'use client';
/**
 * A table of prompts, resources or resource templates, the same way the tool table works: a text
 * filter, sorting on every column, and a row that opens on the item exactly as sent (raw JSON with
 * invisible characters escaped), its description with hidden-character markers, and its findings.
 * Reads the Report only; no rule is re-derived here.
 */
import { useMemo, useState } from 'react';
import type { Flag } from '@/lib/core/flags';
import { severityRank } from '@/lib/core/severity';
import { formatBytes } from '@/lib/core/bytes';
import type { CostRecord } from '@/lib/core/cost';
import { SeverityLabel } from '@/components/ui/badges';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { INPUT, MUTED, PRE } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';
import { SurfaceFlagList } from './flag-list';

/** One row: what every kind shares, plus its own secondary text (uri, arguments). */
export interface SurfaceRow {
  key: string;
  kind: string;
  name: string;
  displayName: string;
  secondary: string;
  description: string | null;
  flags: readonly Flag[];
  cost: CostRecord;
  raw: unknown;
}

type SortKey = 'name' | 'kind' | 'severity' | 'tokens';

const worst = (flags: readonly Flag[]): number => Math.min(...flags.map((flag) => severityRank(flag.severity)), 99);

function compare(a: SurfaceRow, b: SurfaceRow, key: SortKey): number {
  switch (key) {
    case 'name':
      return a.displayName.localeCompare(b.displayName);
    case 'kind':
      return a.kind.localeCompare(b.kind);
    case 'severity':
      return worst(a.flags) - worst(b.flags);
    case 'tokens':
      return (b.cost.tokens ?? b.cost.bytes) - (a.cost.tokens ?? a.cost.bytes);
  }
}

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
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'severity', descending: false });
  const [open, setOpen] = useState<string | null>(null);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matching =
      needle === ''
        ? [...rows]
        : rows.filter((row) =>
            [row.name, row.displayName, row.secondary, row.description ?? '', ...row.flags.map((flag) => flag.id)].some(
              (text) => text.toLowerCase().includes(needle),
            ),
          );
    const sorted = matching.sort((a, b) => compare(a, b, sort.key) || a.displayName.localeCompare(b.displayName));
    return sort.descending ? sorted.reverse() : sorted;
  }, [rows, filter, sort]);

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
                        setSort({ key: column.key, descending: active ? !sort.descending : false });
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

function SurfaceTableRow({
  row,
  expanded,
  topSeverity,
  onToggle,
  testId,
}: {
  row: SurfaceRow;
  expanded: boolean;
  topSeverity: Flag['severity'] | null;
  onToggle: () => void;
  testId: string;
}) {
  const hidden = row.flags.some((flag) => flag.id === 'hidden-characters');
  return (
    <>
      <tr
        data-testid={`${testId}-row`}
        data-item-name={row.name}
        className="cursor-pointer border-b border-slate-100 align-top hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50"
        onClick={onToggle}
      >
        <td className="px-2 py-1.5">
          <button
            type="button"
            aria-expanded={expanded}
            className="text-left font-medium text-slate-900 dark:text-slate-100"
          >
            <VisibleText text={row.displayName === '' ? '(no name)' : row.displayName} controls />
          </button>
          {row.secondary !== '' ? (
            <span className={`block font-mono text-xs break-all ${MUTED}`}>
              <VisibleText text={row.secondary} controls />
            </span>
          ) : null}
          {hidden ? (
            <span
              data-testid="hidden-marker"
              className="mt-0.5 block text-xs font-medium text-rose-700 dark:text-rose-300"
            >
              contains invisible characters
            </span>
          ) : null}
        </td>
        <td className="px-2 py-1.5 text-xs">{row.kind}</td>
        <td className="px-2 py-1.5">
          {topSeverity === null ? (
            <span className={`text-xs ${MUTED}`}>none</span>
          ) : (
            <span className="flex flex-wrap items-center gap-1.5 text-xs">
              <SeverityLabel severity={topSeverity} />
              <span className={MUTED}>{row.flags.map((flag) => flag.id).join(', ')}</span>
            </span>
          )}
        </td>
        <td className="px-2 py-1.5 text-xs tabular-nums" data-testid={`${testId}-cost`}>
          {row.cost.tokens === null ? '' : `≈ ${row.cost.tokens} tokens · `}
          {formatBytes(row.cost.bytes)}
        </td>
      </tr>
      {expanded ? (
        <tr data-testid={`${testId}-detail`}>
          <td colSpan={4} className="px-2 pt-2 pb-4">
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="min-w-0 space-y-3">
                {row.description !== null ? (
                  <p className="text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                    <VisibleText text={row.description} />
                  </p>
                ) : (
                  <p className={`text-sm italic ${MUTED}`}>No description.</p>
                )}
                <ScrollRegion as="pre" label="As sent" className={`${PRE} max-h-96`}>
                  {prettyJson(row.raw)}
                </ScrollRegion>
              </div>
              <SurfaceFlagList flags={row.flags} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
