/**
 * The message log's request-response pairs (issue 49): each request matched to the response or error
 * that answers it (the same id, the other direction), with the milliseconds between them; newest
 * first; and a request the page can send again (replay: tools/call, resources/read, prompts/get from
 * the client, its params as logged, so a value the log redacted goes as «redacted»).
 */
import { isRecord } from '@/lib/core/is-record';
import {
  playgroundCallRequestSchema,
  type PlaygroundCallRequest,
  type PlaygroundLogEntry,
} from '@/lib/core/playground/schema';

export interface Pairing {
  /** The seq of the entry at the other end of the pair. */
  other: number;
  /** From the request to its answer. */
  latencyMs: number;
}

const other = (direction: PlaygroundLogEntry['direction']): PlaygroundLogEntry['direction'] =>
  direction === 'client-to-server' ? 'server-to-client' : 'client-to-server';

/** Each paired entry's seq to its pair (both ends of a pair are keys); an entry unanswered is not a key. */
export function pairEntries(entries: readonly PlaygroundLogEntry[]): Map<number, Pairing> {
  const open = new Map<string, PlaygroundLogEntry>();
  const pairs = new Map<number, Pairing>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (entry.id === null) continue;
    if (entry.kind === 'request') open.set(`${entry.direction} ${entry.id}`, entry);
    else if (entry.kind === 'response' || entry.kind === 'error') {
      const key = `${other(entry.direction)} ${entry.id}`;
      const request = open.get(key);
      if (request === undefined) continue;
      open.delete(key);
      const latencyMs = Math.max(0, entry.atMs - request.atMs);
      pairs.set(request.seq, { other: entry.seq, latencyMs });
      pairs.set(entry.seq, { other: request.seq, latencyMs });
    }
  }
  return pairs;
}

/** Newest first (a copy). */
export const newestFirst = (entries: readonly PlaygroundLogEntry[]): PlaygroundLogEntry[] =>
  [...entries].sort((a, b) => b.seq - a.seq);

/** The call this logged request was, to send again; null for anything else (the server's, a cut message, another method). */
export function replayOf(entry: PlaygroundLogEntry): PlaygroundCallRequest | null {
  if (entry.direction !== 'client-to-server' || entry.kind !== 'request' || entry.truncated) return null;
  let message: unknown;
  try {
    message = JSON.parse(entry.json);
  } catch {
    return null;
  }
  if (!isRecord(message) || !isRecord(message.params)) return null;
  const { params } = message;
  const request =
    message.method === 'resources/read'
      ? { method: message.method, uri: params.uri }
      : { method: message.method, name: params.name, arguments: params.arguments ?? {} };
  const parsed = playgroundCallRequestSchema.safeParse(request);
  return parsed.success ? parsed.data : null;
}
