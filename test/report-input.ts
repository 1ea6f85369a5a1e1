// A Report built from a recorded or hand-written tools/list answer, as the audit builds it, with
// fixed facts around it (a stdio server, one page, no process): for tests of what the outputs
// and the dashboard draw from a Report.
import { buildReport, type Report, type ReportInput } from '../lib/core/report/report';

export function reportOfTools(tools: readonly unknown[], overrides: Partial<ReportInput> = {}): Report {
  return buildReport({
    generator: { name: 'mcp-hintcheck', version: '0' },
    generatedAt: '2026-12-01T10:00:00.000Z',
    target: { transport: 'stdio', command: 'node', args: ['server.mjs'], cwd: null, envNames: [] },
    server: {
      name: 'fixture',
      version: '1',
      title: null,
      protocolVersion: '2025-11-25',
      transport: 'stdio',
      capabilities: {},
      instructions: null,
    },
    pages: [{ tools: [...tools], bytes: 1 }],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
    ...overrides,
  });
}
