/**
 * The message log's filter and its copy (issue 37): entries by direction, kind and method text, and
 * the entries shown as NDJSON, one JSON object per line: the entry's facts and the message itself
 * (parsed back from its JSON text; a message cut at the log's limit stays as its text).
 */
import type { PlaygroundLogEntry } from '@/lib/core/playground/schema';

export interface LogFilter {
  direction: PlaygroundLogEntry['direction'] | 'all';
  kind: PlaygroundLogEntry['kind'] | 'all';
  /** Part of the method, any case; empty: every method. */
  method: string;
}

export const NO_FILTER: LogFilter = { direction: 'all', kind: 'all', method: '' };

export function filterLog(entries: readonly PlaygroundLogEntry[], filter: LogFilter): PlaygroundLogEntry[] {
  const text = filter.method.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (filter.direction === 'all' || entry.direction === filter.direction) &&
      (filter.kind === 'all' || entry.kind === filter.kind) &&
      (text === '' || (entry.method ?? '').toLowerCase().includes(text)),
  );
}

function messageOf(entry: PlaygroundLogEntry): unknown {
  if (entry.truncated) return entry.json;
  try {
    return JSON.parse(entry.json) as unknown;
  } catch {
    return entry.json;
  }
}

/** One line per entry, each ending in a newline (empty for no entries). */
export function logAsNdjson(entries: readonly PlaygroundLogEntry[]): string {
  return entries
    .map((entry) =>
      JSON.stringify({
        seq: entry.seq,
        atMs: entry.atMs,
        direction: entry.direction,
        kind: entry.kind,
        method: entry.method,
        id: entry.id,
        bytes: entry.bytes,
        truncated: entry.truncated,
        message: messageOf(entry),
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/** Adds entries that came after the ones held (by seq), keeping the newest `max`. */
export function appendLog(
  held: readonly PlaygroundLogEntry[],
  more: readonly PlaygroundLogEntry[],
  max: number,
): PlaygroundLogEntry[] {
  const last = held.at(-1)?.seq ?? 0;
  const added = more.filter((entry) => entry.seq > last).sort((a, b) => a.seq - b.seq);
  const all = added.length === 0 ? [...held] : [...held, ...added];
  return all.length > max ? all.slice(all.length - max) : all;
}
