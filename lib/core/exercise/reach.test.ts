import { describe, expect, it } from 'vitest';
import { failedCallsReason, reachOf } from './reach';
import { REACH_REASONS, type CallRecord, type ReachReason, type Skipped } from './schema';

type Call = Pick<CallRecord, 'outcome' | 'argumentsFrom' | 'idsFrom'>;
const call = (outcome: CallRecord['outcome'], extra: Partial<Call> = {}): Call => ({
  outcome,
  argumentsFrom: 'generated',
  ...extra,
});
const failed = (calls: Call[]) => ({ status: 'not-exercised' as const, calls });

/** One listed tool per class: how the exercise left it out (skipped) or how its calls failed. */
const CASES: [ReachReason, { behaviour?: ReturnType<typeof failed>; skipped?: Skipped[] }][] = [
  ['no-claim', { skipped: [{ tool: 't', reason: 'its hints claim nothing', kind: 'no-claim' }] }],
  ['same-name', { skipped: [{ tool: 't', reason: 'a second tool of the same name', kind: 'same-name' }] }],
  ['call-cap', { skipped: [{ tool: 't', reason: 'the cap of 40 calls was reached', kind: 'call-cap' }] }],
  ['time-budget', { skipped: [{ tool: 't', reason: 'the time budget was spent', kind: 'time-budget' }] }],
  ['start-failed', { skipped: [{ tool: 't', reason: 'did not initialize', kind: 'start-failed' }] }],
  ['server-exited', { behaviour: failed([call('server-exited')]) }],
  ['run-halted', { skipped: [{ tool: 't', reason: 'the trace passed its cap', kind: 'run-halted' }] }],
  ['cancelled', { skipped: [{ tool: 't', reason: 'cancelled', kind: 'cancelled' }] }],
  ['needs-id', { behaviour: failed([call('tool-error', { idsFrom: 'list_items' })]) }],
  ['error-answer', { behaviour: failed([call('tool-error')]) }],
  ['rejected', { behaviour: failed([call('rejected')]) }],
  ['timeout', { behaviour: failed([call('timeout')]) }],
  ['unclassified', { skipped: [{ tool: 't', reason: 'not reached' }] }],
];

describe('reachOf', () => {
  it('has a case for every class', () => {
    expect(CASES.map(([kind]) => kind).sort()).toEqual(Object.keys(REACH_REASONS).sort());
  });

  it.each(CASES)('classes a tool not reached: %s', (kind, { behaviour, skipped = [] }) => {
    const tools = [
      { name: 'ok', behaviour: { status: 'clean' as const, calls: [call('ok')] } },
      { name: 't', behaviour },
    ];
    expect(reachOf(tools, skipped)).toEqual({ listed: 2, reached: 1, notReached: [{ kind, tools: ['t'] }] });
  });

  it('takes the last entry of a tool never called: the stop after a call of it left out', () => {
    const skipped: Skipped[] = [
      { tool: 't', reason: 'its mode=set call: the call cap was reached', kind: 'call-cap' },
      { tool: 't', reason: 'the sandboxed server exited', kind: 'server-exited' },
    ];
    expect(reachOf([{ name: 't' }], skipped).notReached).toEqual([{ kind: 'server-exited', tools: ['t'] }]);
  });

  it('a listing that gave the id makes a failed call an error answer, not needs-id', () => {
    expect(failedCallsReason([call('tool-error', { idsFrom: 'list_items', argumentsFrom: 'reused' })])).toEqual({
      kind: 'error-answer',
      listing: null,
    });
    expect(failedCallsReason([call('tool-error', { idsFrom: 'list_items' })])).toEqual({
      kind: 'needs-id',
      listing: 'list_items',
    });
  });

  it('counts an inconclusive or observed tool as reached', () => {
    const tools = [
      { name: 'a', behaviour: { status: 'inconclusive' as const, calls: [call('tool-error')] } },
      { name: 'b', behaviour: { status: 'observed' as const, calls: [call('ok')] } },
    ];
    expect(reachOf(tools, [])).toEqual({ listed: 2, reached: 2, notReached: [] });
  });
});
