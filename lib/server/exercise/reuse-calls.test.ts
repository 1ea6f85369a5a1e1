import { describe, expect, it } from 'vitest';
import { buildReport } from '../../core/report/report';
import type { ExercisedTool } from '../../core/report/exercise-apply';
import { resolveCall, type CallEntry, type PlannedCall } from './call-loop';
import { confirmSuspects, type RunOutcome } from './confirm';
import { planCalls } from './run';
import { EXERCISE_LIMITS } from '../../core/exercise/select';

const TARGETS = { work: '/w', sampleFile: '/w/s.txt', newFile: '/w/n.txt', url: 'http://127.0.0.1:9/h', port: 47113 };

// chrome-devtools-mcp's pair (tools/console.js), get listed before list as a server may list them.
const report = buildReport({
  generator: { name: 'mcp-hintcheck', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
  server: null,
  pages: [
    {
      tools: [
        {
          name: 'get_console_message',
          inputSchema: { type: 'object', properties: { msgid: { type: 'number' } }, required: ['msgid'] },
          annotations: { readOnlyHint: true },
        },
        { name: 'take_snapshot', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
        { name: 'list_console_messages', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      ],
      bytes: 1,
    },
  ],
  complete: true,
  durationMs: 1,
  process: null,
  errors: [],
  warnings: [],
});

const LISTED = {
  content: [{ type: 'text', text: '## Console messages\nShowing 1-1 of 1 (Page 1 of 1).\nmsgid=3 [log] hi (1 args)' }],
};

function entryOf(call: PlannedCall, id: number): CallEntry {
  return {
    call,
    window: { id, requestedAt: 0, settledAt: 0 },
    record: {
      tool: call.tool,
      round: call.round,
      argumentsJson: JSON.stringify(call.args),
      argumentsFrom: call.from,
      outcome: 'ok',
      message: null,
      durationMs: 1,
      resultBytes: 1,
      changed: [],
    },
  };
}

describe('planCalls with a listing tool', () => {
  it('calls the listing tool before the get tool and marks the get call for reuse', () => {
    const plan = planCalls(report, { mode: 'checkable' });
    expect(plan.calls.map((call) => call.tool)).toEqual([
      'take_snapshot',
      'list_console_messages',
      'get_console_message',
    ]);
    expect(plan.calls[2]?.reuse?.source).toBe('list_console_messages');
    expect(plan.calls[1]?.reuse).toBeUndefined();
  });

  it('leaves given arguments alone', () => {
    const plan = planCalls(report, { mode: 'checkable', calls: { get_console_message: [{ msgid: 9 }] } });
    expect(plan.calls.find((call) => call.tool === 'get_console_message')?.reuse).toBeUndefined();
  });
});

describe('resolveCall', () => {
  const found = planCalls(report, { mode: 'checkable' }).calls.find((call) => call.reuse !== undefined);
  if (found === undefined) throw new Error('no call reuses an id');
  const get = found;

  it('fills the id from the listing call made earlier and drops reuse', () => {
    const made = resolveCall(get, [], new Map([['list_console_messages', LISTED]]), TARGETS);
    expect(made).toEqual({
      tool: 'get_console_message',
      round: 1,
      args: { msgid: 3 },
      from: 'reused',
      idsFrom: 'list_console_messages',
    });
  });

  it('sends the generated arguments when the listing call listed nothing or was not made', () => {
    const empty = { content: [{ type: 'text', text: '## Console messages\n<no console messages found>' }] };
    const made = resolveCall(get, [], new Map([['list_console_messages', empty]]), TARGETS);
    expect(made.from).toBe('generated');
    expect(made.reuse).toBeUndefined();
    // Kept on the record: a failed call then "needs an id no listing gave" (core/exercise/reach.ts).
    expect(made.idsFrom).toBe('list_console_messages');
    expect(resolveCall(get, [], new Map(), TARGETS).args).toEqual(get.args);
  });

  it("a repeat sends its first round's value", () => {
    const first = { tool: 'get_console_message', round: 1, args: { msgid: 3 }, from: 'reused' as const };
    const again = resolveCall({ ...get, round: 2 }, [entryOf(first, 0)], new Map(), TARGETS);
    expect(again).toEqual({ ...first, round: 2, idsFrom: 'list_console_messages' });
  });
});

describe('confirmSuspects after a reused id', () => {
  it('re-runs the suspect with the value the first run sent', async () => {
    const plan = planCalls(report, { mode: 'checkable' });
    const made: PlannedCall[] = plan.calls.map((call) =>
      call.reuse === undefined ? call : { tool: call.tool, round: 1, args: { msgid: 3 }, from: 'reused' },
    );
    const write = {
      kind: 'create' as const,
      area: 'work' as const,
      target: './out.log',
      to: null,
      ok: true,
      error: null,
      phase: 'during' as const,
      atMs: 1,
      evidence: 'openat(…"out.log", O_CREAT) = 3',
    };
    const exercised = new Map<string, ExercisedTool>(
      made.map((call, id) => [
        call.tool,
        {
          claims: ['read-only'],
          calls: [
            {
              ...entryOf(call, id).record,
              effects: call.tool === 'get_console_message' ? [write] : [],
              filteredAsNoise: 0,
            },
          ],
        },
      ]),
    );
    const outcome = { exercised, made, facts: { startEffects: [] } } as unknown as RunOutcome;
    const sent: PlannedCall[][] = [];
    await confirmSuspects(report, outcome, plan, {
      limits: { ...EXERCISE_LIMITS, totalTimeoutMs: 60_000 },
      began: Date.now(),
      rerun: (_tool, calls) => {
        sent.push(calls);
        return Promise.resolve({ tool: undefined, stopped: null });
      },
    });
    expect(sent).toHaveLength(1);
    const suspectCalls = sent[0]?.filter((call) => call.tool === 'get_console_message');
    expect(suspectCalls).toEqual([{ tool: 'get_console_message', round: 1, args: { msgid: 3 }, from: 'reused' }]);
  });
});
