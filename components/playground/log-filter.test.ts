// The message log's filter (direction, kind, method text), its NDJSON copy and how new entries join the log.
import { describe, expect, it } from 'vitest';
import type { PlaygroundLogEntry } from '@/lib/core/playground/schema';
import { appendLog, filterLog, logAsNdjson, NO_FILTER } from './log-filter';

function entry(seq: number, over: Partial<PlaygroundLogEntry> = {}): PlaygroundLogEntry {
  const json = JSON.stringify({ jsonrpc: '2.0', id: seq, method: 'tools/call' });
  return {
    seq,
    atMs: seq * 10,
    direction: 'client-to-server',
    kind: 'request',
    method: 'tools/call',
    id: String(seq),
    json,
    bytes: json.length,
    truncated: false,
    ...over,
  };
}

const LOG = [
  entry(1, { method: 'initialize' }),
  entry(2, { direction: 'server-to-client', kind: 'response', method: 'initialize' }),
  entry(3, { kind: 'notification', method: 'notifications/initialized', id: null }),
  entry(4),
  entry(5, { direction: 'server-to-client', kind: 'request', method: 'sampling/createMessage' }),
  entry(6, { direction: 'server-to-client', kind: 'error', method: 'tools/call' }),
];

describe('filterLog', () => {
  it('keeps everything with no filter', () => {
    expect(filterLog(LOG, NO_FILTER)).toHaveLength(6);
  });
  it('filters by direction, kind and method text (any case)', () => {
    expect(filterLog(LOG, { ...NO_FILTER, direction: 'server-to-client' }).map((e) => e.seq)).toEqual([2, 5, 6]);
    expect(filterLog(LOG, { ...NO_FILTER, kind: 'request' }).map((e) => e.seq)).toEqual([1, 4, 5]);
    expect(filterLog(LOG, { ...NO_FILTER, method: ' INIT' }).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(
      filterLog(LOG, { direction: 'server-to-client', kind: 'request', method: 'sampling' }).map((e) => e.seq),
    ).toEqual([5]);
  });
});

describe('logAsNdjson', () => {
  it('writes one parsable line per entry with the message parsed back', () => {
    const text = logAsNdjson(LOG.slice(0, 2));
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const first = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(first).toMatchObject({ seq: 1, direction: 'client-to-server', kind: 'request', method: 'initialize' });
    expect(first.message).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call' });
  });
  it('keeps a cut message as its text', () => {
    const cut = entry(9, { json: '{"jsonrpc":"2.0","params":{"te', truncated: true });
    expect((JSON.parse(logAsNdjson([cut])) as { message: unknown }).message).toBe('{"jsonrpc":"2.0","params":{"te');
  });
  it('is empty for no entries', () => {
    expect(logAsNdjson([])).toBe('');
  });
});

describe('appendLog', () => {
  it('adds only newer entries, in order, keeping the newest max', () => {
    expect(
      appendLog(
        LOG.slice(0, 3),
        [3, 5, 4].flatMap((seq) => LOG.filter((e) => e.seq === seq)),
        10,
      ).map((e) => e.seq),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(appendLog(LOG.slice(0, 3), LOG.slice(3), 4).map((e) => e.seq)).toEqual([3, 4, 5, 6]);
  });
});
