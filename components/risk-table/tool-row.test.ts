// The risk table's sort keys, from real tool records built by buildReport.
import { describe, expect, it } from 'vitest';
import { buildReport } from '@/lib/core/report/report';
import type { ToolReport } from '@/lib/core/report/tool-report';
import { toRow } from './tool-row';

function tools(raw: unknown[]): ToolReport[] {
  return buildReport({
    generator: { name: 'mcp-hintcheck', version: '0' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
    server: null,
    pages: [{ tools: raw, bytes: 1 }],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
  }).tools;
}

const schema = { type: 'object' };
const listed = tools([
  {
    name: 'Read',
    title: 'Read a file',
    inputSchema: schema,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'add',
    inputSchema: schema,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  { name: 'wipe', description: 'Deletes EVERYTHING', inputSchema: schema },
  {
    name: 'x',
    inputSchema: schema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
]);
function named(name: string): ToolReport {
  const tool = listed.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}
const readOnly = named('Read');
const additive = named('add');
const unannotated = named('wipe');
const declaredDestructive = named('x');

describe('toRow', () => {
  it('sorts the name column by display name, then name, case-insensitively', () => {
    expect(toRow(readOnly).nameKey).toBe('read a file\u0000read');
  });

  it('searches name, display name and description in lower case', () => {
    const row = toRow(unannotated);
    expect(row.search).toContain('deletes everything');
    expect(row.search).toContain('wipe');
  });

  it.each([
    ['read-only', readOnly, 0],
    ['additive write', additive, 1],
    ['destructive write', unannotated, 2],
  ])('class key of a %s tool', (_name, tool, key) => {
    expect(toRow(tool).classKey).toBe(key);
  });

  it('orders a hint by value first, then declared above defaulted', () => {
    const defaulted = toRow(unannotated).hintKeys.destructiveHint;
    const declared = toRow(declaredDestructive).hintKeys.destructiveHint;
    const declaredDestructiveKey = toRow(additive).hintKeys.destructiveHint;
    expect(declared).toBeGreaterThan(defaulted);
    expect(defaulted).toBeGreaterThan(declaredDestructiveKey);
  });

  it('puts a tool with a more severe flag above one with more but milder flags', () => {
    const severe = toRow(unannotated);
    const clean = toRow(readOnly);
    expect(severe.flagIds.length).toBeGreaterThan(0);
    expect(severe.flagKey).toBeGreaterThan(clean.flagKey);
  });
});
