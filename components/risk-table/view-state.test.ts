import { describe, expect, it } from 'vitest';
import { DEFAULT_SORTING } from './columns';
import { NO_FILTERS } from './toolbar';
import { viewFromSearch, viewToSearch, type TableView } from './view-state';

const DEFAULT_VIEW: TableView = { sorting: DEFAULT_SORTING, filters: NO_FILTERS, open: null };

describe('table view in the URL', () => {
  it.each<[string, TableView, string]>([
    ['default view', DEFAULT_VIEW, ''],
    [
      'sorted, filtered, opened',
      {
        sorting: [{ id: 'flags', desc: true }],
        filters: { query: 'web hook', classFilter: 'read-only', flagFilter: 'hidden-characters' },
        open: 3,
      },
      '?sort=flags&dir=desc&q=web+hook&class=read-only&flag=hidden-characters&open=3',
    ],
  ])('%s round-trips', (_label, view, search) => {
    expect(viewToSearch(view)).toBe(search);
    expect(viewFromSearch(search)).toEqual(view);
  });

  it.each<[string, string]>([
    ['unknown column', '?sort=evil&dir=desc'],
    ['unknown class and flag', '?class=__proto__&flag=nope'],
    ['bad open', '?open=-1'],
    ['not a number', '?open=abc'],
  ])('%s falls back to the default', (_label, search) => {
    expect(viewFromSearch(search)).toEqual(DEFAULT_VIEW);
  });

  it('keeps parameters that are not the table’s', () => {
    expect(viewToSearch({ ...DEFAULT_VIEW, open: 1 }, '?other=x&open=5')).toBe('?other=x&open=1');
  });
});
