// The waiting room's caps (issue 48): a server that sends requests without waiting is refused past
// maxPending, a request with oversized params is refused, and the list is read a page at a time.
import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { PLAYGROUND_LIMITS } from '../../core/playground/limits';
import { playgroundAnswers } from './answers';
import { PendingRequests, type PendingOutcome } from './pending';

const { maxPending, maxPendingParamsBytes, pendingPage } = PLAYGROUND_LIMITS;

describe('PendingRequests caps', () => {
  it(`holds ${maxPending} requests, refuses the next at once, and pages the list`, async () => {
    const pending = new PendingRequests(Date.now());
    const waits: Promise<PendingOutcome>[] = [];
    for (let i = 0; i < 1_000; i++) waits.push(pending.wait('elicitation/create', { message: `q${String(i)}` }));
    expect(pending.count).toBe(maxPending);
    const first = pending.page();
    expect(first.map((entry) => entry.requestId)).toEqual(
      Array.from({ length: pendingPage }, (_, i) => `r${String(i + 1)}`),
    );
    const next = pending.page(Number(first.at(-1)?.requestId.slice(1)));
    expect(next[0]?.requestId).toBe(`r${String(pendingPage + 1)}`);
    expect(pending.page(maxPending)).toEqual([]);
    const refused = await Promise.all(waits.slice(maxPending));
    expect(new Set(refused.map((outcome) => outcome.kind))).toEqual(new Set(['refused']));
    const [firstRefused] = refused;
    expect(firstRefused?.kind === 'refused' ? [firstRefused.code, firstRefused.reason] : null).toEqual([
      -32600,
      `${String(maxPending)} requests already wait for the user, the most this client holds: answer or cancel one first`,
    ]);
    // Answering one makes room for one more.
    pending.answer({ requestId: 'r1', method: 'elicitation/create', action: 'decline' });
    expect((await waits[0])?.kind).toBe('answer');
    void pending.wait('elicitation/create', {});
    expect(pending.count).toBe(maxPending);
    pending.closeAll('the test ended');
    expect(pending.count).toBe(0);
  });

  it('refuses params longer than the cap, and a waiting one with fitting params is kept', async () => {
    const pending = new PendingRequests(Date.now());
    const big = await pending.wait('sampling/createMessage', { messages: ['x'.repeat(maxPendingParamsBytes)] });
    expect(big).toMatchObject({ kind: 'refused', code: -32602 });
    expect(pending.count).toBe(0);
    void pending.wait('sampling/createMessage', { messages: ['x'.repeat(1000)] });
    expect(pending.count).toBe(1);
    pending.closeAll('the test ended');
  });

  it('the server gets a JSON-RPC error for a refused request (elicitation and sampling)', async () => {
    const pending = new PendingRequests(Date.now());
    const answers = playgroundAnswers(pending);
    const signal = new AbortController().signal;
    const huge = { message: 'x'.repeat(maxPendingParamsBytes + 1) };
    await expect(answers.elicitation(huge, signal)).rejects.toBeInstanceOf(ProtocolError);
    await expect(answers.sampling(huge, signal)).rejects.toMatchObject({ code: -32602 });
  });
});
