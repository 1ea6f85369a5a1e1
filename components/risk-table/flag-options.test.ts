// The flag filter lists the flags of this report only (issue 37), and keeps a selected one at 0.
import { describe, expect, it } from 'vitest';
import { flagOptions } from './flag-options';

describe('flagOptions', () => {
  it('lists only the flags raised in this report, with their counts', () => {
    expect(flagOptions({ 'hidden-characters': 2, unannotated: 0 }, '')).toEqual([
      { flag: 'hidden-characters', count: 2 },
    ]);
  });
  it('keeps the selected flag listed at 0, so the filter can be cleared', () => {
    const options = flagOptions({ 'hidden-characters': 1 }, 'unannotated');
    expect(options).toContainEqual({ flag: 'unannotated', count: 0 });
    expect(options).toHaveLength(2);
  });
  it('an empty report lists nothing', () => {
    expect(flagOptions({}, '')).toEqual([]);
  });
});
