import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 5000, 12_345, 999_999, 1_000_000, 1_234_567_890, -4321, 1234.5, -0.25, 2 ** 53])(
    'groups %d as en-US does',
    (n) => {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    },
  );

  it('leaves what is not a plain number as JavaScript writes it', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatCount(1e21)).toBe('1e+21');
  });
});
