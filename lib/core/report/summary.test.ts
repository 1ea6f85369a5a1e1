// The summary's counts by class and its worst severity, from tool records built by buildReport.
import { describe, expect, it } from 'vitest';
import { buildReport } from './report';

function summaryOf(tools: unknown[]) {
  return buildReport({
    generator: { name: 'mcp-hintcheck', version: '0' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
    server: null,
    pages: [{ tools, bytes: 1 }],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
  }).summary;
}

const schema = { type: 'object' };
const readOnlyClosed = { name: 'r', inputSchema: schema, annotations: { readOnlyHint: true, openWorldHint: false } };
const readOnlyOpen = { name: 'ro', inputSchema: schema, annotations: { readOnlyHint: true } };
const additive = {
  name: 'a',
  inputSchema: schema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
const unannotated = { name: 'u', inputSchema: schema };

describe('summarize', () => {
  it.each([
    ['no tools', [], { 'read-only': [0, 0], 'additive-write': [0, 0], 'destructive-write': [0, 0] }],
    [
      'one of each',
      [readOnlyClosed, readOnlyOpen, additive, unannotated],
      { 'read-only': [2, 1], 'additive-write': [1, 0], 'destructive-write': [1, 1] },
    ],
  ])('classCounts: %s', (_name, tools, expected) => {
    const { classCounts, tools: total } = summaryOf(tools);
    const flat = Object.fromEntries(Object.entries(classCounts).map(([cls, c]) => [cls, [c.tools, c.openWorld]]));
    expect(flat).toEqual(expected);
    expect(Object.values(classCounts).reduce((sum, c) => sum + c.tools, 0)).toBe(total);
  });

  it('worstSeverity is the most severe flag any tool carries, null without flags', () => {
    expect(summaryOf([]).worstSeverity).toBeNull();
    const summary = summaryOf([readOnlyClosed, unannotated]);
    expect(summary.worstSeverity).toBe('high');
    expect(summary.severityCounts.high).toBeGreaterThan(0);
  });
});
