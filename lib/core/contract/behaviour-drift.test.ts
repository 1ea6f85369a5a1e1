import { describe, expect, it } from 'vitest';
import type { BehaviourStatus } from '../exercise/schema';
import { buildReport, type Report } from '../report/report';
import { buildContract } from './build';
import { failsGate } from './changes';
import { compareSurface } from './drift';

const NOW = '2026-12-01T10:00:00.000Z';
const TOOL = { name: 'read_notes', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };

/** A contract of one read-only tool, with the behaviour an exercise gave it (or none). */
function contract(status: BehaviourStatus | null) {
  const report: Report = buildReport({
    generator: { name: 'mcp-hintcheck', version: '0.0.0' },
    generatedAt: NOW,
    target: { transport: 'stdio', command: 'node', args: [], cwd: null, envNames: [] },
    server: null,
    pages: [{ tools: [TOOL], bytes: 0 }],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
  });
  const tools = report.tools.map((tool) =>
    status === null ? tool : { ...tool, behaviour: { status, claims: [], summary: status, calls: [] } },
  );
  return buildContract({ ...report, tools }, NOW);
}

describe('a contract pins "exercised clean"', () => {
  it('records the behaviour status of an exercised tool, and nothing for one not exercised', () => {
    expect(contract('clean').tools[0]?.behaviour).toBe('clean');
    expect(contract(null).tools[0]?.behaviour).toBeUndefined();
  });

  it.each<[BehaviourStatus | null, BehaviourStatus | null, string[]]>([
    ['clean', 'contradicted', ['behaviour-contradicted']],
    ['clean', 'clean', []],
    ['clean', null, []],
    [null, 'contradicted', []],
  ])('%s then %s', (before, after, kinds) => {
    const drift = compareSurface({ kind: 'contract', contract: contract(before) }, contract(after));
    expect(drift.changes.map((change) => change.kind)).toEqual(kinds);
    expect(drift.changes.filter((change) => failsGate(change, 'widening')).map((change) => change.kind)).toEqual(kinds);
  });
});
