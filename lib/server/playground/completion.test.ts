import { describe, expect, it } from 'vitest';
import { MAX_COMPLETION_VALUES } from '../../core/playground/conveniences';
import { completionOf } from './completion';

describe('completionOf', () => {
  it('keeps the strings, the total and hasMore as sent', () => {
    expect(completionOf({ completion: { values: ['a', 2, 'b', null], total: 9, hasMore: true } })).toEqual({
      values: ['a', 'b'],
      total: 9,
      hasMore: true,
    });
  });

  it('cuts past the spec’s cap and says more exist; a malformed answer is an empty list', () => {
    const many = Array.from({ length: MAX_COMPLETION_VALUES + 5 }, (_, i) => `v${String(i)}`);
    const cut = completionOf({ completion: { values: many, total: 1.5 } });
    expect(cut.values).toHaveLength(MAX_COMPLETION_VALUES);
    expect(cut).toMatchObject({ total: null, hasMore: true });
    expect(completionOf({ completion: 'x' })).toEqual({ values: [], total: null, hasMore: false });
    expect(completionOf(null)).toEqual({ values: [], total: null, hasMore: false });
  });
});
