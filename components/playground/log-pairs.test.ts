import { describe, expect, it } from 'vitest';
import type { PlaygroundLogEntry } from '@/lib/core/playground/schema';
import { newestFirst, pairEntries, replayOf } from './log-pairs';

const entry = (seq: number, atMs: number, over: Partial<PlaygroundLogEntry>): PlaygroundLogEntry => ({
  seq,
  atMs,
  direction: 'client-to-server',
  kind: 'request',
  method: 'tools/call',
  id: null,
  json: '{}',
  bytes: 2,
  truncated: false,
  ...over,
});

const LOG = [
  entry(1, 10, { id: '1', method: 'initialize' }),
  entry(2, 35, { id: '1', direction: 'server-to-client', kind: 'response', method: 'initialize' }),
  // The server's own request with the same id goes the other way: its answer pairs with it, not with ours.
  entry(3, 40, { id: '1', direction: 'server-to-client', kind: 'request', method: 'roots/list' }),
  entry(4, 41, { id: '2' }),
  entry(5, 44, { id: '1', direction: 'client-to-server', kind: 'response', method: 'roots/list' }),
  entry(6, 50, { kind: 'notification', method: 'notifications/message', direction: 'server-to-client' }),
  entry(7, 141, { id: '2', direction: 'server-to-client', kind: 'error' }),
  entry(8, 150, { id: '3' }),
];

describe('pairEntries', () => {
  it('pairs each request with its answer in the other direction, with the latency; unanswered stays alone', () => {
    const pairs = pairEntries(LOG);
    expect(pairs.get(1)).toEqual({ other: 2, latencyMs: 25 });
    expect(pairs.get(2)).toEqual({ other: 1, latencyMs: 25 });
    expect(pairs.get(3)).toEqual({ other: 5, latencyMs: 4 });
    expect(pairs.get(4)).toEqual({ other: 7, latencyMs: 100 });
    expect(pairs.has(6)).toBe(false);
    expect(pairs.has(8)).toBe(false);
  });

  it('orders newest first without changing the log held', () => {
    expect(newestFirst(LOG).map((e) => e.seq)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(LOG[0]?.seq).toBe(1);
  });
});

describe('replayOf', () => {
  const sent = (message: unknown, over: Partial<PlaygroundLogEntry> = {}) =>
    entry(1, 0, { id: '9', json: JSON.stringify(message), ...over });
  it.each([
    [
      { method: 'tools/call', params: { name: 'echo', arguments: { message: 'a\nb' } } },
      { method: 'tools/call', name: 'echo', arguments: { message: 'a\nb' } },
    ],
    [
      { method: 'resources/read', params: { uri: 'demo://x' } },
      { method: 'resources/read', uri: 'demo://x' },
    ],
    [
      { method: 'prompts/get', params: { name: 'p', arguments: { city: 'Lisbon' } } },
      { method: 'prompts/get', name: 'p', arguments: { city: 'Lisbon' } },
    ],
    [
      { method: 'tools/call', params: { name: 'echo' } },
      { method: 'tools/call', name: 'echo', arguments: {} },
    ],
  ])('%j replays as %j', (message, request) => {
    expect(replayOf(sent(message))).toEqual(request);
  });

  it('replays nothing else: another method, the server’s request, a response, a cut message', () => {
    expect(replayOf(sent({ method: 'tools/list', params: {} }))).toBeNull();
    expect(
      replayOf(sent({ method: 'tools/call', params: { name: 'x', arguments: {} } }, { direction: 'server-to-client' })),
    ).toBeNull();
    expect(replayOf(sent({ result: {} }, { kind: 'response' }))).toBeNull();
    expect(replayOf(sent({ method: 'tools/call', params: { name: 'x' } }, { truncated: true }))).toBeNull();
    expect(replayOf(entry(1, 0, { json: '{nope' }))).toBeNull();
  });
});
