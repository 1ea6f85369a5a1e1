/**
 * The surface item table's order: a text filter over name, secondary text, description and finding
 * ids, then a sort on one column (ties by display name), reversed when descending.
 */
import type { Flag } from '@/lib/core/flags/catalogue';
import { severityRank } from '@/lib/core/severity';
import type { CostRecord } from '@/lib/core/report/cost';

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

export type SortKey = 'name' | 'kind' | 'severity' | 'tokens';

export interface SurfaceSort {
  key: SortKey;
  descending: boolean;
}

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

/** The rows that match `filter` (case-insensitive), in the chosen order. */
export function shownRows(rows: readonly SurfaceRow[], filter: string, sort: SurfaceSort): SurfaceRow[] {
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
}
