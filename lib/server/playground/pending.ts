/**
 * The playground's waiting room (issue 37): the server's sampling and elicitation requests that wait
 * for the user's answer, each with an id of ours, its method and params (already redacted where they
 * entered, mcp/connect.ts's ObservedTransport) and when it came. An answer resolves the one it names;
 * the server cancelling its request (the signal) takes it away; at the session's end every one still
 * waiting is settled as closed, so nothing is left hanging. A caller with no one to ask (the CLI)
 * gives `auto`, which answers each request at once as it comes. What a server can make it hold is
 * capped (issue 48): at most maxPending wait at once and each one's params are at most
 * maxPendingParamsBytes; one past either is refused at once (the server gets a JSON-RPC error), and
 * the list is read a page at a time.
 */
import { PLAYGROUND_LIMITS } from '../../core/playground/limits';
import type { PlaygroundAnswer, PlaygroundPending } from '../../core/playground/schema';
import { AuditError } from '../errors';

export type PendingMethod = PlaygroundPending['method'];

/** How a wait ended: the user's answer, the session's end (with why) / the server's cancel, or a refusal at once (a cap; `code`: the JSON-RPC error's). */
export type PendingOutcome =
  | { kind: 'answer'; answer: PlaygroundAnswer }
  | { kind: 'closed'; reason: string }
  | { kind: 'refused'; code: number; reason: string };

/** JSON-RPC: the request cannot be taken now (too many wait), or its params are too large. */
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

/** The number in a request id of ours (`r12`: 12). */
const numberOf = (requestId: string): number => Number(requestId.slice(1));

interface Waiting {
  entry: PlaygroundPending;
  settle: (outcome: PendingOutcome) => void;
}

export class PendingRequests {
  private readonly waiting = new Map<string, Waiting>();
  private next = 1;
  private closedReason: string | null = null;

  /** `startedAt`: the session's start in epoch milliseconds (atMs counts from it). */
  constructor(
    private readonly startedAt: number,
    private readonly auto?: (pending: PlaygroundPending) => PlaygroundAnswer,
  ) {}

  /** Waits for the user's answer to one request; at once closed when the session has ended. */
  wait(method: PendingMethod, params: unknown, signal?: AbortSignal): Promise<PendingOutcome> {
    if (this.closedReason !== null) return Promise.resolve({ kind: 'closed', reason: this.closedReason });
    const refusal = this.refusal(params);
    if (refusal !== null) return Promise.resolve(refusal);
    const requestId = `r${this.next++}`;
    return new Promise<PendingOutcome>((resolve) => {
      const onAbort = (): void => {
        this.settle(requestId, { kind: 'closed', reason: 'the server cancelled its request' });
      };
      const entry: PlaygroundPending = { requestId, method, params, atMs: Math.max(0, Date.now() - this.startedAt) };
      this.waiting.set(requestId, {
        entry,
        settle: (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      });
      if (this.auto !== undefined) this.settle(requestId, { kind: 'answer', answer: this.auto(entry) });
      else if (signal?.aborted === true) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Why a request cannot wait (a cap), or null. */
  private refusal(params: unknown): PendingOutcome | null {
    const { maxPending, maxPendingParamsBytes } = PLAYGROUND_LIMITS;
    if (this.auto === undefined && this.waiting.size >= maxPending)
      return {
        kind: 'refused',
        code: INVALID_REQUEST,
        reason: `${maxPending} requests already wait for the user, the most this client holds: answer or cancel one first`,
      };
    // JSON.stringify(undefined) is undefined at run time, though typed string.
    const json = JSON.stringify(params) as string | undefined;
    const bytes = json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
    if (bytes > maxPendingParamsBytes)
      return {
        kind: 'refused',
        code: INVALID_PARAMS,
        reason: `the request's params are ${bytes} bytes, more than the ${maxPendingParamsBytes} this client shows a user`,
      };
    return null;
  }

  private settle(requestId: string, outcome: PendingOutcome): boolean {
    const waiting = this.waiting.get(requestId);
    if (waiting === undefined) return false;
    this.waiting.delete(requestId);
    waiting.settle(outcome);
    return true;
  }

  /** The requests waiting now numbered after `after` (all when absent), oldest first, at most `limit`. */
  page(after = 0, limit: number = PLAYGROUND_LIMITS.pendingPage): PlaygroundPending[] {
    const page: PlaygroundPending[] = [];
    for (const { entry } of this.waiting.values()) {
      if (page.length >= limit) break;
      if (numberOf(entry.requestId) > after) page.push(entry);
    }
    return page;
  }

  /** How many requests wait. */
  get count(): number {
    return this.waiting.size;
  }

  /** The user's answer to the request it names: an unknown id, or one of the other method, is bad input. */
  answer(answer: PlaygroundAnswer): void {
    const waiting = this.waiting.get(answer.requestId);
    if (waiting === undefined)
      throw new AuditError(
        'bad-input',
        `No request ${JSON.stringify(answer.requestId.slice(0, 40))} is waiting for an answer.`,
        {
          hint: 'It may have been answered already, or the server cancelled it: read the state again.',
        },
      );
    if (waiting.entry.method !== answer.method)
      throw new AuditError(
        'bad-input',
        `Request ${answer.requestId} is ${waiting.entry.method}, not ${answer.method}.`,
        { hint: 'Answer it with its own method.' },
      );
    this.settle(answer.requestId, { kind: 'answer', answer });
  }

  /** Settles every request still waiting as closed, and any later one at once. */
  closeAll(reason: string): void {
    this.closedReason = reason;
    for (const requestId of [...this.waiting.keys()]) this.settle(requestId, { kind: 'closed', reason });
  }
}
