/**
 * The playground's message log (issue 37): every JSON-RPC message of the session, both directions,
 * as a WireTap (mcp/connect.ts). Each entry has its order, its time from the session's start, its
 * kind, its method (a response: the method of the request it answers, matched by id in the other
 * direction) and the message as JSON text, redacted (and, from the server, every secret found by
 * format replaced: lib/core/results/secret-formats.ts) and cut at maxLoggedBytes. At most
 * maxLogEntries are kept: the oldest go first, and the log says how many went.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { PLAYGROUND_LIMITS, type PlaygroundLogEntry } from '../../core/playground/schema';
import type { WireTap } from '../mcp/connect';
import type { Redactor } from '../redact';
import { maskSecrets } from '../../core/results/secret-formats';

type Direction = PlaygroundLogEntry['direction'];

/** The first `max` bytes of `text`, never splitting a character. */
function cutToBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  let end = max;
  // Back off to the start of a UTF-8 character (a continuation byte is 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

function kindOf(message: Record<string, unknown>): PlaygroundLogEntry['kind'] {
  if (typeof message.method === 'string') return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

export class MessageLog implements WireTap {
  private readonly entries: PlaygroundLogEntry[] = [];
  private seq = 0;
  private droppedCount = 0;
  /** Requests awaiting their answer, by the direction they went in and their id. */
  private readonly open = new Map<string, string>();

  constructor(
    private readonly startedAt: number,
    private readonly redactor: Redactor,
  ) {}

  inbound(message: JSONRPCMessage): void {
    this.record('server-to-client', message);
  }

  outbound(message: JSONRPCMessage): void {
    this.record('client-to-server', message);
  }

  private methodOf(direction: Direction, message: Record<string, unknown>, id: string | null): string | null {
    if (typeof message.method === 'string') {
      if (id !== null) this.open.set(`${direction} ${id}`, message.method);
      return message.method;
    }
    if (id === null) return null;
    // A response goes the other way from the request it answers.
    const asked = direction === 'client-to-server' ? 'server-to-client' : 'client-to-server';
    const key = `${asked} ${id}`;
    const method = this.open.get(key) ?? null;
    this.open.delete(key);
    return method;
  }

  private record(direction: Direction, raw: JSONRPCMessage): void {
    const redacted = this.redactor.value(raw) as unknown as Record<string, unknown>;
    // What the server sent may hold a secret of its own (a key in a result): replaced, never logged.
    const message = direction === 'server-to-client' ? maskSecrets(redacted) : redacted;
    const rawId = message.id;
    const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
    const json = JSON.stringify(message);
    const bytes = Buffer.byteLength(json, 'utf8');
    const truncated = bytes > PLAYGROUND_LIMITS.maxLoggedBytes;
    this.seq += 1;
    this.entries.push({
      seq: this.seq,
      atMs: Math.max(0, Math.round(Date.now() - this.startedAt)),
      direction,
      kind: kindOf(message),
      method: this.methodOf(direction, message, id),
      id,
      json: truncated ? cutToBytes(json, PLAYGROUND_LIMITS.maxLoggedBytes) : json,
      bytes,
      truncated,
    });
    if (this.entries.length > PLAYGROUND_LIMITS.maxLogEntries) {
      this.entries.shift();
      this.droppedCount += 1;
    }
  }

  /** The entries with seq after `after` (all when absent), oldest first, as many as fit in `maxBytes` of JSON (at least one). */
  after(
    after = 0,
    maxBytes: number = PLAYGROUND_LIMITS.maxLogPageBytes,
  ): { entries: PlaygroundLogEntry[]; more: boolean } {
    const entries: PlaygroundLogEntry[] = [];
    let bytes = 0;
    for (const entry of this.entries) {
      if (entry.seq <= after) continue;
      // The entry's JSON text is most of its size on the wire.
      bytes += entry.json.length + 200;
      if (entries.length > 0 && bytes > maxBytes) return { entries, more: true };
      entries.push(entry);
    }
    return { entries, more: false };
  }

  /** Entries dropped from the start (the cap). */
  get dropped(): number {
    return this.droppedCount;
  }
}
