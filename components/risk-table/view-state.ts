/**
 * The table's view (sort, filters, opened row) as URL query parameters, so a link or a reload keeps
 * it: ?sort=flags&dir=desc&q=webhook&class=read-only&flag=hidden-characters&open=3 (open: the
 * tool's listing index). Unknown or malformed values fall back to the default view.
 */
import type { SortingState } from '@tanstack/react-table';
import { FLAG_IDS } from '@/lib/core/flags/catalogue';
import { CLASS_LABELS } from '@/components/ui/badges';
import { DEFAULT_SORTING } from './columns';
import type { TableFilters } from './toolbar';

export interface TableView {
  sorting: SortingState;
  filters: TableFilters;
  /** Listing index of the opened tool, or null. */
  open: number | null;
}

export const SORTABLE_COLUMNS = [
  'name',
  'class',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
  'flags',
  'bytes',
  'risk',
] as const;

const VIEW_KEYS = ['sort', 'dir', 'q', 'class', 'flag', 'open'] as const;

export function viewFromSearch(search: string): TableView {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const dir = params.get('dir');
  const sorting: SortingState =
    sort !== null && (SORTABLE_COLUMNS as readonly string[]).includes(sort)
      ? [{ id: sort, desc: dir === 'desc' }]
      : DEFAULT_SORTING;
  const classFilter = params.get('class') ?? '';
  const flagFilter = params.get('flag') ?? '';
  const open = Number(params.get('open') ?? 'NaN');
  return {
    sorting,
    filters: {
      query: (params.get('q') ?? '').slice(0, 200),
      classFilter: Object.hasOwn(CLASS_LABELS, classFilter) ? classFilter : '',
      flagFilter: (FLAG_IDS as readonly string[]).includes(flagFilter) ? flagFilter : '',
    },
    open: Number.isInteger(open) && open >= 0 ? open : null,
  };
}

/** The search string for a view, keeping parameters that are not the table's; default values are left out. */
export function viewToSearch(view: TableView, current = ''): string {
  const params = new URLSearchParams(current);
  for (const key of VIEW_KEYS) params.delete(key);
  const [sort] = view.sorting;
  const [defaultSort] = DEFAULT_SORTING;
  if (sort !== undefined && (sort.id !== defaultSort?.id || sort.desc !== defaultSort.desc)) {
    params.set('sort', sort.id);
    params.set('dir', sort.desc ? 'desc' : 'asc');
  }
  if (view.filters.query !== '') params.set('q', view.filters.query);
  if (view.filters.classFilter !== '') params.set('class', view.filters.classFilter);
  if (view.filters.flagFilter !== '') params.set('flag', view.filters.flagFilter);
  if (view.open !== null) params.set('open', String(view.open));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
