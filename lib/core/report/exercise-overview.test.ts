import { describe, expect, it } from 'vitest';
import type { Report } from './report';
import { exerciseOverview } from './exercise-overview';
import type { ToolBehaviour } from '../exercise/schema';

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

function report(tools: [string, ToolBehaviour][], skipped: { tool: string; reason: string }[] = []): Report {
  return {
    tools: tools.map(([name, b]) => ({ name, behaviour: b })),
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
        [{ tool: 'd', reason: 'its hints claim nothing a trace can check' }],
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
        reason: 'called, failed: tool-error: The demo server does not run tools',
        tools: ['delete_quest', 'ban_member'],
      },
      { reason: 'called, failed: tool-error: EROFS: read-only file system, open /a', tools: ['x'] },
    ]);
  });

  it('is null for a report not exercised, and proves nothing when nothing succeeded', () => {
    expect(exerciseOverview({ tools: [] } as unknown as Report)).toBeNull();
    expect(exerciseOverview(report([]))?.proved).toBe('Nothing: no tool was exercised successfully.');
  });
});
