import { describe, expect, it } from 'vitest';
import { attributeEffects } from './attribute';
import type { TimedEffect } from './effects';

const timed = (kind: TimedEffect['kind'], key: string, seconds: number): TimedEffect => ({
  kind,
  area: 'work',
  target: key,
  to: null,
  ok: true,
  error: null,
  time: seconds,
  pid: 1,
  key,
  evidence: key,
});

describe('attributeEffects', () => {
  const windows = [
    { id: 0, requestedAt: 10_000, settledAt: 10_200 },
    { id: 1, requestedAt: 11_000, settledAt: 11_100 },
  ];
  it('splits start, during and after, and gives nothing of call 0 to call 1', () => {
    const result = attributeEffects(
      [
        timed('create', '/cache', 9.5),
        timed('create', '/a', 10.1),
        timed('create', '/late', 10.5),
        timed('create', '/b', 11.05),
      ],
      windows,
      9_000,
    );
    expect(result.start.map((e) => [e.target, e.atMs])).toEqual([['/cache', 500]]);
    expect(result.calls.get(0)?.effects.map((e) => [e.target, e.phase, e.atMs])).toEqual([
      ['/a', 'during', 100],
      ['/late', 'after', 500],
    ]);
    expect(result.calls.get(1)?.effects.map((e) => e.target)).toEqual(['/b']);
  });

  it('counts a file effect seen at the start as noise, never an exec or a canary read', () => {
    const result = attributeEffects(
      [
        timed('create', '/cache', 9.5),
        timed('exec', '/bin/sh', 9.6),
        timed('create', '/cache', 10.1),
        timed('exec', '/bin/sh', 10.1),
      ],
      windows,
      9_000,
    );
    expect(result.calls.get(0)).toMatchObject({ noise: 1 });
    expect(result.calls.get(0)?.effects.map((e) => e.kind)).toEqual(['exec']);
  });
});
