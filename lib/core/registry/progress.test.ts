import { describe, expect, it } from 'vitest';
import { etaSeconds, progressEvent, progressLine, ratePerMinute, type RunProgress } from './progress';

const at = (over: Partial<RunProgress>): RunProgress => ({
  total: 100,
  done: 0,
  failed: 0,
  skipped: 0,
  startedAt: 0,
  now: 0,
  ...over,
});

describe('registry run progress', () => {
  it.each([
    ['nothing done yet', at({}), 0, null, '0/100 done · 0 failed · 100 left · 0.0/min · ETA --:--'],
    [
      '10 in a minute',
      at({ done: 10, now: 60_000 }),
      10,
      540,
      '10/100 done · 0 failed · 90 left · 10.0/min · ETA 09:00',
    ],
    [
      '1 in a minute, with 20 from the run file',
      at({ done: 1, failed: 1, skipped: 20, now: 60_000 }),
      1,
      4740,
      '21/100 done (20 from the run file) · 1 failed · 79 left · 1.0/min · ETA 1:19:00',
    ],
    [
      'all done',
      at({ done: 100, failed: 3, now: 30_000 }),
      200,
      0,
      '100/100 done · 3 failed · 0 left · 200.0/min · ETA 00:00',
    ],
  ])('%s', (_what, progress, rate, eta, line) => {
    expect(ratePerMinute(progress)).toBe(rate);
    expect(etaSeconds(progress)).toBe(eta);
    expect(progressLine(progress, '')).toBe(line);
    expect(progressLine(progress, 'NAME')).toBe(`${line} · last: NAME`);
  });

  it('says the same in the NDJSON event', () => {
    expect(progressEvent(at({ done: 10, failed: 2, skipped: 5, now: 60_000 }), 'a@1', 'failed')).toEqual({
      type: 'progress',
      key: 'a@1',
      status: 'failed',
      done: 15,
      failed: 2,
      left: 85,
      total: 100,
      perMinute: 10,
      etaSeconds: 510,
    });
  });
});
