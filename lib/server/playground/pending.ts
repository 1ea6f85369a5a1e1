/**
 * The playground's waiting room (issue 37): the server's sampling and elicitation requests that wait
 * for the user's answer, each with an id of ours, its method and params (already redacted where they
 * entered, mcp/connect.ts's ObservedTransport) and when it came. An answer resolves the one it names;
 * the server cancelling its request (the signal) takes it away; at the session's end every one still
 * waiting is settled as closed, so nothing is left hanging. A caller with no one to ask (the CLI)
 * gives `auto`, which answers each request at once as it comes.
 */
import type { PlaygroundAnswer, PlaygroundPending } from '../../core/playground/schema';
import { AuditError } from '../errors';

export type PendingMethod = PlaygroundPending['method'];

/** How a wait ended: the user's answer, or the session's end (with why) / the server's cancel. */
export type PendingOutcome = { kind: 'answer'; answer: PlaygroundAnswer } | { kind: 'closed'; reason: string };

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

  private settle(requestId: string, outcome: PendingOutcome): boolean {
    const waiting = this.waiting.get(requestId);
    if (waiting === undefined) return false;
    this.waiting.delete(requestId);
    waiting.settle(outcome);
    return true;
  }

  /** The requests waiting now, oldest first. */
  list(): PlaygroundPending[] {
    return [...this.waiting.values()].map((waiting) => waiting.entry);
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
