import { describe, expect, it } from 'vitest';
import { declaresToolListChanges, listingRepeats } from './listing-repeats';

describe('listing repeats', () => {
  it.each<[unknown, boolean]>([
    [{ capabilities: { tools: { listChanged: true } } }, true],
    [{ capabilities: { tools: { listChanged: false } } }, false],
    [{ capabilities: { tools: {} } }, false],
    [{ capabilities: {} }, false],
    [null, false],
    ['x', false],
  ])('declares list changes: %j', (result, expected) => {
    expect(declaresToolListChanges(result)).toBe(expected);
  });

  it('repeats each answered first call, round after round', () => {
    const made = [
      { call: { tool: 'a', round: 1 }, answered: true },
      { call: { tool: 'b', round: 1 }, answered: false },
      { call: { tool: 'a', round: 2 }, answered: true },
      { call: { tool: 'c', round: 1 }, answered: true },
    ];
    expect(listingRepeats(made).map((call) => call.tool)).toEqual(['a', 'c', 'a', 'c']);
    expect(listingRepeats(made, 0)).toEqual([]);
  });
});
