import { describe, expect, it } from 'vitest';
import { buildReport } from './report';
import { DEMO_TOOLS } from '../../../servers/demo/tools';
import { flagsInOrder, firstFinding } from './first-finding';
import type { Flag, FlagId } from '../flags/catalogue';
import type { Severity } from '../severity';

const flag = (id: FlagId, severity: Severity): Flag => ({ id, severity, message: '' });

describe('flagsInOrder', () => {
  it.each<[string, Flag[], FlagId[]]>([
    [
      'by severity first',
      [flag('additive-write', 'low'), flag('unannotated', 'high')],
      ['unannotated', 'additive-write'],
    ],
    [
      'at equal severity, a signal in the tool itself before its annotations',
      [flag('destructive-write', 'high'), flag('hidden-characters', 'high')],
      ['hidden-characters', 'destructive-write'],
    ],
    [
      'signals strongest first, as the risk order weighs them',
      [flag('mentions-other-tool', 'medium'), flag('executes-code', 'medium')],
      ['executes-code', 'mentions-other-tool'],
    ],
    [
      'then the catalogue',
      [flag('destructive-write', 'high'), flag('unannotated', 'high')],
      ['unannotated', 'destructive-write'],
    ],
  ])('%s', (_label, flags, ids) => {
    expect(flagsInOrder(flags).map((f) => f.id)).toEqual(ids);
  });
});

describe('firstFinding', () => {
  const report = (tools: unknown[]) =>
    buildReport({
      generator: { name: 'mcp-hintcheck', version: '0.0.0' },
      generatedAt: '2026-12-01T00:00:00.000Z',
      target: { transport: 'stdio', command: 'node', args: [], cwd: null, envNames: [] },
      server: null,
      pages: [{ tools, bytes: 0 }],
      complete: true,
      durationMs: 1,
      process: null,
      errors: [],
      warnings: [],
    });

  it('is null when no tool is flagged', () => {
    expect(firstFinding(report([]))).toBeNull();
    expect(
      firstFinding(
        report([
          // Titled: a title-less tool carries the low missing-title flag.
          {
            name: 'a',
            inputSchema: { type: 'object' },
            annotations: { title: 'A', readOnlyHint: true, openWorldHint: false },
          },
        ]),
      ),
    ).toBeNull();
  });

  it('on the demo server is the first finding of the risk order: its first tool, its first flag', () => {
    const demo = report([...DEMO_TOOLS]);
    const [top] = [...demo.tools].sort((a, b) => a.risk.rank - b.risk.rank);
    const worst = firstFinding(demo);
    expect(worst).toEqual({ severity: top?.risk.worstSeverity, id: worst?.id, tool: top?.name });
    expect(top?.flags.map((f) => f.id)).toContain('hidden-characters');
    expect(worst?.id).toBe('hidden-characters');
  });
});
