import { describe, expect, it } from 'vitest';
import type { ServerRequestRecord } from '../capabilities/session';
import { attributeRequests } from './requests';

const asked = (method: string, at: number) => ({
  at,
  record: { method, atMs: 0, answer: 'result', detail: 'x', asked: null } satisfies ServerRequestRecord,
});

describe('attributeRequests', () => {
  const windows = [
    { id: 0, requestedAt: 10_000 },
    { id: 1, requestedAt: 11_000 },
  ];
  it('gives a request before the first call to the start, and each later one to the call running', () => {
    const result = attributeRequests(
      [asked('sampling/createMessage', 11_020), asked('roots/list', 9_350), asked('elicitation/create', 10_400)],
      windows,
      9_000,
    );
    expect(result.start.map((r) => [r.method, r.atMs])).toEqual([['roots/list', 350]]);
    expect(result.calls.get(0)?.map((r) => [r.method, r.atMs])).toEqual([['elicitation/create', 400]]);
    expect(result.calls.get(1)?.map((r) => [r.method, r.atMs])).toEqual([['sampling/createMessage', 20]]);
  });

  it('keeps an empty list for a call the server asked nothing during', () => {
    const result = attributeRequests([], windows, 9_000);
    expect(result.start).toEqual([]);
    expect([...result.calls.values()]).toEqual([[], []]);
  });
});
