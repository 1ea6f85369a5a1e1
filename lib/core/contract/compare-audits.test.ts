// History's compare of two saved audits (issue 37): no contract, so nothing about pins.
import { describe, expect, it } from 'vitest';
import { buildReport } from '../report/report';
import { buildContract } from './build';
import { compareAudits } from './drift';

const NOW = '2026-11-30T10:00:00.000Z';

function surface(tools: unknown[]) {
  const report = buildReport({
    generator: { name: 'mcp-hintcheck', version: '0.0.0' },
    generatedAt: NOW,
    target: { transport: 'stdio', command: 'node', args: [], cwd: null, envNames: [] },
    server: {
      name: 'fixture',
      version: '1',
      title: null,
      protocolVersion: '2025-11-25',
      transport: 'stdio',
      capabilities: {},
      instructions: null,
    },
    pages: [{ tools, bytes: 0 }],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
  });
  return buildContract(report, NOW);
}

const tool = (name: string, annotations: Record<string, boolean>) => ({
  name,
  description: `does ${name}`,
  inputSchema: { type: 'object' },
  annotations,
});

describe('compareAudits', () => {
  it('a tool added, a destructive and an open-world one: tool changes, no pin broken', () => {
    const before = [tool('list_items', { readOnlyHint: true, openWorldHint: false })];
    const after = [...before, tool('wipe', { readOnlyHint: false, destructiveHint: true, openWorldHint: true })];
    const drift = compareAudits(surface(before), surface(after));
    const kinds = drift.changes.map((change) => change.kind);
    expect(kinds).toContain('tool-added');
    expect(kinds).not.toContain('pin-broken');
    expect(kinds).not.toContain('payload-cap-exceeded');
    expect(JSON.stringify(drift)).not.toMatch(/pinned at/);
  });
});
