import { describe, expect, it } from 'vitest';
import { LOAD_LIMITS, loadFactor, loadScaled, loadText } from './load';

const BASE = { settleMs: 30, lateMs: 50, maxSettleMs: 1500, callTimeoutMs: 10_000 };

describe('loadFactor: wall time over CPU time of the calibration task, bounded', () => {
  it.each([
    [15, 15, 1],
    [12, 15, 1],
    [45, 15, 3],
    [37.6, 15, 2.5],
    [600, 30, LOAD_LIMITS.maxFactor],
    [0, 0, 1],
    [Number.NaN, 15, 1],
  ])('%s ms for %s ms of CPU → ×%s', (wall, cpu, factor) => {
    expect(loadFactor(wall, cpu)).toBe(factor);
  });
});

describe('loadScaled: the windows stretched, the rest untouched', () => {
  it('leaves an idle machine as it is', () => {
    expect(loadScaled(BASE, 1)).toEqual(BASE);
  });
  it('stretches the settle, idle and longest waits, capping the longest', () => {
    expect(loadScaled(BASE, 2)).toEqual({ ...BASE, settleMs: 60, lateMs: 100, maxSettleMs: 3000 });
    expect(loadScaled(BASE, 6)).toEqual({ ...BASE, settleMs: 180, lateMs: 300, maxSettleMs: LOAD_LIMITS.maxSettleMs });
  });
  it('never shortens a longest wait already above the cap', () => {
    expect(loadScaled({ ...BASE, maxSettleMs: 9000 }, 3).maxSettleMs).toBe(9000);
  });
  it('says what was measured', () => {
    expect(loadText(2.5, loadScaled(BASE, 2.5), 75, 30)).toBe(
      "settle windows ×2.5 for the machine's load (a busy task took 75 ms for 30 ms of CPU): quiet after 75 ms still (at most 3750 ms), idle window 125 ms",
    );
  });
});
