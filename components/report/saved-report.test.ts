import { describe, expect, it } from 'vitest';
import beforeRisk from '@/test/fixtures/reports/v1-before-risk.json';
import { buildReport } from '@/lib/core/report/report';
import { parseSavedReport } from './saved-report';

const report = buildReport({
  generator: { name: 'mcp-hintcheck', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
  server: null,
  pages: [{ tools: [{ name: 'a', inputSchema: { type: 'object' } }], bytes: 1 }],
  complete: true,
  durationMs: 1,
  process: null,
  errors: [],
  warnings: [],
});

describe('parseSavedReport', () => {
  it('reads an exported report back', () => {
    const result = parseSavedReport(report, 'r.json');
    expect(result.ok && result.report.tools[0]?.name).toBe('a');
  });
  it('refuses an export of an older build (before the risk order), saying to audit again', () => {
    const result = parseSavedReport(beforeRisk, 'old.json');
    expect(result.ok ? '' : result.message).toContain('it was written by an older build');
    expect(result.ok ? '' : result.message).toContain('Audit the server again');
  });
  it.each<[string, string, string]>([
    ['another JSON', '{"url":"https://x"}', 'changed or cut short after it was saved'],
    ['another version', '{"schemaVersion":99}', 'schema version 99; this dashboard reads version 1'],
    [
      'another version, with its generator',
      JSON.stringify({ ...report, schemaVersion: 2, generator: { name: 'mcp-hintcheck', version: '9.0.0' } }),
      'schema version 2 (written by mcp-hintcheck 9.0.0); this dashboard reads version 1. Open it with the mcp-hintcheck that wrote it, or audit the server again with this one.',
    ],
    [
      'a tool with a bad field',
      JSON.stringify({ ...report, tools: [{ name: 1 }] }),
      'of tool 1 is not what a report holds',
    ],
  ])('%s is refused with a clear message', (_label, text, message) => {
    const result = parseSavedReport(JSON.parse(text), 'r.json');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });
});
