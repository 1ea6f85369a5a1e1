import { describe, expect, it } from 'vitest';
import type { Report } from './report';
import { exerciseOverview } from './exercise-overview';
import type { Skipped, ToolBehaviour } from '../exercise/schema';

const behaviour = (status: ToolBehaviour['status'], message: string | null = null): ToolBehaviour => ({
  status,
  summary: status,
  claims: ['read-only'],
  calls: [
    {
      tool: 't',
      round: 1,
      argumentsJson: '{}',
      argumentsFrom: 'generated',
      outcome: message === null ? 'ok' : 'tool-error',
      message,
      durationMs: 1,
      resultBytes: 1,
      effects: [],
      filteredAsNoise: 0,
      changed: [],
    },
  ],
});

/** A report listing `tools` (with their behaviour) and the skipped ones (none). */
function report(tools: [string, ToolBehaviour][], skipped: Skipped[] = []): Report {
  const notCalled = [...new Set(skipped.map((entry) => entry.tool))].filter(
    (name) => !tools.some(([listed]) => listed === name),
  );
  return {
    tools: [...tools.map(([name, b]) => ({ name, behaviour: b })), ...notCalled.map((name) => ({ name }))],
    exercise: { skipped, serverFindings: [] },
  } as unknown as Report;
}

describe('exerciseOverview', () => {
  it('counts each status, the skipped among the not exercised', () => {
    const overview = exerciseOverview(
      report(
        [
          ['a', behaviour('contradicted')],
          ['b', behaviour('clean')],
          ['c', behaviour('not-exercised', 'The demo server does not run tools (c was not executed).')],
        ],
        [{ tool: 'd', reason: 'its hints claim nothing a trace can check', kind: 'no-claim' }],
      ),
    );
    expect(overview?.counts).toEqual([
      { status: 'contradicted', tools: 1 },
      { status: 'inconclusive', tools: 0 },
      { status: 'clean', tools: 1 },
      { status: 'observed', tools: 0 },
      { status: 'not-exercised', tools: 2 },
    ]);
    expect(overview?.proved).toContain('1 tool did what its hints deny, seen twice');
    expect(overview?.reachLine).toBe('reached 2 of 4 tools; not reached: error-answer 1, no-claim 1');
  });

  it('keeps a call left out of a reached tool apart from the tools not reached', () => {
    const overview = exerciseOverview(
      report(
        [['context', behaviour('clean')]],
        [
          { tool: 'context', reason: 'its operation=set call: the call cap was reached', kind: 'call-cap' },
          { tool: 'late', reason: 'the cap of 40 calls was reached', kind: 'call-cap' },
        ],
      ),
    );
    expect(overview?.reach).toEqual({
      listed: 2,
      reached: 1,
      notReached: [{ kind: 'call-cap', tools: ['late'] }],
    });
    expect(overview?.leftOut).toEqual([
      { kind: 'call-cap', reason: 'its operation=set call: the call cap was reached', tools: ['context'] },
    ]);
    expect(overview?.counts.find((count) => count.status === 'not-exercised')?.tools).toBe(1);
  });

  it('groups tools that failed alike into one reason, the tool name taken out', () => {
    const overview = exerciseOverview(
      report([
        [
          'delete_quest',
          behaviour('not-exercised', 'The demo server does not run tools (delete_quest was not executed).'),
        ],
        ['ban_member', behaviour('not-exercised', 'The demo server does not run tools (ban_member was not executed).')],
        ['x', behaviour('not-exercised', 'EROFS: read-only file system, open /a')],
      ]),
    );
    expect(overview?.reasons).toEqual([
      {
        kind: 'error-answer',
        reason: 'called, failed: tool-error: The demo server does not run tools',
        tools: ['delete_quest', 'ban_member'],
      },
      {
        kind: 'error-answer',
        reason: 'called, failed: tool-error: EROFS: read-only file system, open /a',
        tools: ['x'],
      },
    ]);
  });

  it('is null for a report not exercised, and proves nothing when nothing succeeded', () => {
    expect(exerciseOverview({ tools: [] } as unknown as Report)).toBeNull();
    expect(exerciseOverview(report([]))?.proved).toBe('Nothing: no tool was exercised successfully.');
  });
});
