/**
 * The wire seen from the client's side beyond the audit's own requests: every request the server
 * sends (with what it asked, cut short) and the answer that went back, and every list_changed
 * notification, each with its time from the start of the audit. Fed by ObservedTransport with
 * messages already redacted; lets the listening window wait for the next sign of activity.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { ServerRequestRecord } from '../../core/capabilities/session';
import { isRecord } from '../../core/is-record';

const ASKED_LIMIT = 300;
const DETAIL_LIMIT = 200;

const cut = (text: string, limit: number): string => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/** What a server request asked, in a line: the elicitation message (and URL), the last sampling message's text. */
function askedOf(method: string, params: unknown): string | null {
  if (!isRecord(params)) return null;
  if (method === 'elicitation/create') {
    const parts = [params.message, params.url].filter((part): part is string => typeof part === 'string');
    return parts.length === 0 ? null : cut(parts.join(' · '), ASKED_LIMIT);
  }
  if (method === 'sampling/createMessage' && Array.isArray(params.messages)) {
    const last: unknown = params.messages.at(-1);
    const content = isRecord(last) ? last.content : undefined;
    const text = isRecord(content) && typeof content.text === 'string' ? content.text : null;
    return text === null ? null : cut(text, ASKED_LIMIT);
  }
  if (method === 'roots/list' || method === 'ping') return null;
  const json = JSON.stringify(params);
  return json === '{}' ? null : cut(json, ASKED_LIMIT);
}

/** How an answer reads: "1 root: file:///…", "action: decline", "-1: Declined…" (an error's code and message). */
function detailOf(message: Record<string, unknown>): Pick<ServerRequestRecord, 'answer' | 'detail'> {
  if (isRecord(message.error)) {
    const { code, message: text } = message.error;
    return { answer: 'error', detail: cut(`${String(code)}: ${String(text)}`, DETAIL_LIMIT) };
  }
  const result = message.result;
  if (isRecord(result) && Array.isArray(result.roots)) {
    const uris = result.roots.map((root) => (isRecord(root) ? String(root.uri) : '?'));
    const label = uris.length === 1 ? '1 root' : `${uris.length} roots`;
    return {
      answer: 'result',
      detail: cut(uris.length === 0 ? 'no roots' : `${label}: ${uris.join(', ')}`, DETAIL_LIMIT),
    };
  }
  if (isRecord(result) && typeof result.action === 'string')
    return { answer: 'result', detail: `action: ${result.action}` };
  return { answer: 'result', detail: cut(result === undefined ? 'empty' : JSON.stringify(result), DETAIL_LIMIT) };
}

export class SessionLog {
  private readonly requests = new Map<string, ServerRequestRecord>();
  private readonly order: ServerRequestRecord[] = [];
  readonly notifications: { method: string; atMs: number }[] = [];
  private waiters: (() => void)[] = [];

  constructor(private readonly started: number) {}

  private now(): number {
    return Math.round(performance.now() - this.started);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** A message from the server (redacted). */
  inbound(message: JSONRPCMessage): void {
    if (!('method' in message)) return;
    if ('id' in message) {
      const record: ServerRequestRecord = {
        method: message.method,
        atMs: this.now(),
        answer: 'none',
        detail: 'not answered',
        asked: askedOf(message.method, message.params),
      };
      this.requests.set(String(message.id), record);
      this.order.push(record);
      this.wake();
    } else if (message.method.endsWith('/list_changed')) {
      this.notifications.push({ method: message.method, atMs: this.now() });
      this.wake();
    }
  }

  /** A message the client sends: an answer to a server request is recorded. */
  outbound(message: JSONRPCMessage): void {
    if ('method' in message || !('id' in message)) return;
    const record = this.requests.get(String(message.id));
    if (record?.answer !== 'none') return;
    Object.assign(record, detailOf(message as unknown as Record<string, unknown>));
  }

  get serverRequests(): ServerRequestRecord[] {
    return this.order.map((record) => ({ ...record }));
  }

  /** Resolves at the next server request or list_changed, or after `ms`. */
  activity(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve();
      }, ms);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(done);
    });
  }
}
