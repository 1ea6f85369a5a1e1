// Re-runs in parallel (issue 47.6): every suspect is still re-run alone, with its own calls, in its
// own run, `confirmParallel` at a time (never more, and more than one when there are several), in
// call order; a suspect whose turn comes after the budget is spent is not re-run and says why.
import { describe, expect, it } from 'vitest';
import { reportOfTools } from '../../../test/report-input';
import type { ExercisedTool } from '../../core/report/exercise-apply';
import { EXERCISE_LIMITS } from '../../core/exercise/select';
import type { PlannedCall } from './call-loop';
import { confirmSuspects, type RunOutcome } from './confirm';
import { planCalls } from './run';

const WORDS = ['apple', 'birch', 'cedar', 'daisy', 'elder'];
const report = reportOfTools(
  ['status', ...WORDS.map((word) => `show_${word}`)].map((name) => ({
    name,
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
  })),
);

/** The first run: each show_ tool created a file of its own name (a read-only lie), status nothing. */
function firstRun(plan: ReturnType<typeof planCalls>): RunOutcome {
  const exercised = new Map<string, ExercisedTool>(
    plan.calls.map((call, id) => {
      const word = call.tool.replace('show_', '');
      const write = {
        kind: 'create' as const,
        area: 'work' as const,
        target: `./${word}.txt`,
        to: null,
        ok: true,
        error: null,
        phase: 'during' as const,
        atMs: 1,
        evidence: `openat(…"${word}.txt", O_CREAT) = ${id}`,
      };
      const record = {
        tool: call.tool,
        round: 1,
        argumentsJson: '{}',
        argumentsFrom: 'generated' as const,
        outcome: 'ok' as const,
        message: null,
        durationMs: 1,
        resultBytes: 1,
        changed: [],
        effects: call.tool === 'status' ? [] : [write],
        filteredAsNoise: 0,
      };
      return [call.tool, { claims: ['read-only'], calls: [record] }];
    }),
  );
  return { exercised, made: plan.calls, facts: { startEffects: [] } } as unknown as RunOutcome;
}

describe('confirmSuspects in parallel', () => {
  it('re-runs each suspect alone, two at a time, in call order', async () => {
    const plan = planCalls(report, { mode: 'checkable' });
    let open = 0;
    let most = 0;
    const started: string[] = [];
    const sent: PlannedCall[][] = [];
    const confirmed = await confirmSuspects(report, firstRun(plan), plan, {
      limits: EXERCISE_LIMITS,
      began: Date.now(),
      rerun: async (tool, calls) => {
        open += 1;
        most = Math.max(most, open);
        started.push(tool.name);
        sent.push(calls);
        await new Promise((resolve) => setTimeout(resolve, 20));
        open -= 1;
        return { tool: { claims: ['read-only'], calls: [] }, stopped: null };
      },
    });
    expect(most).toBe(EXERCISE_LIMITS.confirmParallel);
    expect(started).toEqual(WORDS.map((word) => `show_${word}`));
    // Alone: the warm-up (status, clean in the first run), then the suspect's own calls only.
    for (const [index, calls] of sent.entries())
      expect(calls.map((call) => call.tool)).toEqual(['status', started[index]]);
    for (const word of WORDS) expect(confirmed.get(`show_${word}`)?.confirmCalls).toEqual([]);
  });

  it('does not start a re-run once the budget is spent, and says so', async () => {
    const plan = planCalls(report, { mode: 'checkable' });
    const confirmed = await confirmSuspects(report, firstRun(plan), plan, {
      limits: { ...EXERCISE_LIMITS, totalTimeoutMs: 1_000 },
      began: Date.now() - 2_000,
      rerun: () => Promise.reject(new Error('no re-run may start')),
    });
    expect(confirmed.get('show_apple')?.notRerun).toContain('the time budget of 1000 ms was spent');
  });
});
