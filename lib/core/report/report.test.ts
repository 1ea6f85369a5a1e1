import { describe, expect, it } from 'vitest';
import { utf8Length } from '../bytes';
import { auditOutcome, buildReport, reportSchema, type ReportInput } from './report';

function input(tools: unknown[][], extra: Partial<ReportInput> = {}): ReportInput {
  return {
    generator: { name: 'mcp-hintcheck', version: '0' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
    server: null,
    pages: tools.map((page) => ({ tools: page, bytes: utf8Length(JSON.stringify({ tools: page })) })),
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
    ...extra,
  };
}

describe('buildReport', () => {
  it('keeps raw annotations exactly as sent and validates against the schema', () => {
    const raw = [
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'b', inputSchema: { type: 'object' }, annotations: null },
      { name: 'c', inputSchema: { type: 'object' }, annotations: 'x' },
      { name: 'd', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, weird: { nested: [1] } } },
    ];
    const report = buildReport(input([raw]));
    expect(reportSchema.parse(report)).toEqual(report);
    expect('annotations' in (report.tools[0] ?? {})).toBe(false);
    expect(report.tools[1]?.annotations).toBeNull();
    expect(report.tools[2]?.annotations).toBe('x');
    expect(report.tools[3]?.annotations).toEqual({ readOnlyHint: true, weird: { nested: [1] } });
    expect(report.summary.unannotated + report.summary.partiallyAnnotated + report.summary.fullyAnnotated).toBe(
      report.summary.tools,
    );
  });

  it('counts duplicates across pages and skips entries that are not objects, with a warning', () => {
    const report = buildReport(
      input([
        [{ name: 'x', inputSchema: {} }, 42],
        [{ name: 'x', inputSchema: {} }, null],
      ]),
    );
    expect(report.tools).toHaveLength(2);
    expect(report.tools.every((t) => t.flags.some((f) => f.id === 'duplicate-tool-name'))).toBe(true);
    expect(report.tools.map((t) => t.page)).toEqual([1, 2]);
    expect(report.warnings.map((w) => w.message)).toEqual([
      'tools[1] on page 1 is the number 42, not a tool object; it was skipped.',
      'tools[1] on page 2 is null, not a tool object; it was skipped.',
    ]);
  });

  it('uses title, then annotations.title, then name for display', () => {
    const report = buildReport(
      input([
        [
          { name: 'a', title: 'Top', annotations: { title: 'Ann' }, inputSchema: {} },
          { name: 'b', annotations: { title: 'Ann' }, inputSchema: {} },
          { name: 'c', inputSchema: {} },
        ],
      ]),
    );
    expect(report.tools.map((t) => t.displayName)).toEqual(['Top', 'Ann', 'c']);
  });

  it('includes the definitions of the flags that occur, and only those', () => {
    const report = buildReport(input([[{ name: 'a', inputSchema: { type: 'object' } }]]));
    expect(Object.keys(report.flagDefinitions).sort()).toEqual([
      'destructive-write',
      // No annotations, so no annotations.title: the low label flag occurs too.
      'missing-title',
      'open-world-write',
      'unannotated',
    ]);
  });

  it('sums page bytes', () => {
    const report = buildReport(input([[{ name: 'a' }], [{ name: 'b' }]]));
    expect(report.toolsListBytes).toBe(2 * utf8Length('{"tools":[{"name":"a"}]}'));
  });

  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
  ])('utf8Length(%j) = %i', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('what the model reads about arguments (issue 8: every string an agent reads is checked)', () => {
  const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const tool = (inputSchema: unknown, outputSchema?: unknown) => ({
    name: 'lookup',
    description: 'Look a word up.',
    // Titled, so the only flags are the schema's.
    annotations: { ...READ, title: 'Look up' },
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
  });
  it.each([
    [
      'an argument description with a zero-width space',
      tool({ type: 'object', properties: { word: { type: 'string', description: 'The word\u200b to find' } } }),
      'hidden-characters',
      'inputSchema.properties.word.description',
    ],
    [
      'a result field title with a Unicode tag character',
      tool({ type: 'object' }, { type: 'object', properties: { hit: { type: 'string', title: 'Hit\u{E0041}' } } }),
      'hidden-characters',
      'outputSchema.properties.hit.title',
    ],
    [
      'an argument description of 5 KiB',
      tool({ type: 'object', properties: { word: { type: 'string', description: 'x'.repeat(5000) } } }),
      'oversized-text',
      'inputSchema.properties.word.description',
    ],
  ])('%s is flagged, naming the field', (_label, raw, id, field) => {
    const flag = buildReport(input([[raw]])).tools[0]?.flags.find((f) => f.id === id);
    expect(flag?.message).toContain(field);
  });

  it('a clean schema raises nothing, and argument words do not feed the signals', () => {
    const clean = tool({
      type: 'object',
      properties: { word: { type: 'string', description: 'Run this to delete everything; see lookup' } },
    });
    expect(buildReport(input([[clean]])).tools[0]?.flags).toEqual([]);
  });
});

describe('auditOutcome', () => {
  const problem = { code: 'server-exited' as const, message: 'x' };
  it.each<[string, { errors: (typeof problem)[]; pages: number }, string]>([
    ['no error', { errors: [], pages: 0 }, 'complete'],
    ['an error before any page', { errors: [problem], pages: 0 }, 'failed'],
    ['an error after a page', { errors: [problem], pages: 1 }, 'partial'],
  ])('%s -> %s', (_label, report, outcome) => {
    expect(auditOutcome(report)).toBe(outcome);
  });
});
