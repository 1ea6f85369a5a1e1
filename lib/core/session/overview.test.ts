import { describe, expect, it } from 'vitest';
import type { ServerListing } from '../config/entry';
import { buildReport } from '../report/report';
import { allFindings } from '../report/findings';
import { OVERVIEW_CSV_HEADERS, overviewToCsv } from './overview';
import { overviewRow } from './overview-row';
import { scanFindings, severityCountsText } from './scan-findings';

const report = buildReport({
  generator: { name: 'test', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
  server: {
    name: 's',
    version: '1',
    title: null,
    protocolVersion: '2025-11-25',
    transport: 'stdio',
    capabilities: {},
    instructions: null,
  },
  pages: [
    {
      tools: [
        { name: 'read', annotations: { readOnlyHint: true, openWorldHint: false }, inputSchema: { type: 'object' } },
        { name: 'wipe', inputSchema: { type: 'object' } },
      ],
      bytes: 10,
    },
  ],
  complete: true,
  durationMs: 5,
  process: null,
  errors: [],
  warnings: [],
});

const listing = (client: ServerListing['client'], name: string): ServerListing => ({
  id: `${client}:${name}`,
  client,
  file: '/h/f.json',
  line: 3,
  scope: 'user',
  project: null,
  name,
  transport: 'stdio',
  command: 'x',
  args: [],
  cwd: null,
  envNames: [],
  envSources: [],
  envFile: null,
  headerSources: [],
  url: null,
  headerNames: [],
  disabled: false,
  needs: [],
  group: 'g1',
  launchable: true,
});

describe('overview', () => {
  it('takes counts from the report summary and names every client', () => {
    const row = overviewRow([listing('cursor', 'srv'), listing('vscode', 'srv')], {
      id: 'cursor:srv',
      status: 'ok',
      report,
      error: null,
      durationMs: 7,
    });
    expect(row).toMatchObject({
      clients: ['cursor', 'vscode'],
      locations: ['/h/f.json:3', '/h/f.json:3'],
      tools: 2,
      readOnly: 1,
      destructive: 1,
      unannotated: 1,
      worstSeverity: 'high',
      protocolVersion: '2025-11-25',
    });
    expect(row.tokens).toBeGreaterThan(10);
  });

  it('keeps a failed server as one row with its error, and the CSV formula-safe', () => {
    const row = overviewRow([listing('cursor', '=HYPERLINK("x")')], {
      id: 'cursor:x',
      status: 'failed',
      report: null,
      error: { code: 'server-exited', message: '@SUM(1) exited' },
      durationMs: 1,
    });
    expect(row).toMatchObject({ tools: null, status: 'failed', error: '@SUM(1) exited' });
    const [header, line] = overviewToCsv([row]).split('\r\n');
    expect(header?.split(',')).toEqual(OVERVIEW_CSV_HEADERS);
    expect(line?.startsWith(`"'=HYPERLINK(""x"")",Cursor`)).toBe(true);
    expect(line).toContain(",'@SUM(1) exited,");
  });

  it('a failed audit shows no counts, even with the report read before the failure', () => {
    const empty = { ...report, tools: [], summary: { ...report.summary, tools: 0, readOnly: 0, destructive: 0 } };
    const row = overviewRow([listing('cursor', 'srv')], {
      id: 'cursor:srv',
      status: 'failed',
      report: empty,
      error: { code: 'server-exited', message: 'exited with code 1' },
      durationMs: 1,
    });
    expect(row).toMatchObject({ tools: null, readOnly: null, destructive: null, tokens: null, worstFlag: null });
    expect(row.error).toBe('exited with code 1');
  });

  it('carries each row’s own finding counts, configuration and session findings (most severe first)', () => {
    const own = listing('cursor', 'srv');
    const result = { id: own.id, status: 'ok' as const, report, error: null, durationMs: 1 };
    const row = overviewRow([own], result);
    const at = { client: 'cursor' as const, file: '/h/f.json', line: 3, server: 'srv', entryId: own.id };
    const findings = scanFindings({
      configFindings: [
        { id: 'unpinned-package', severity: 'medium', message: 'npx -y pkg names no version', ...at },
        { id: 'plaintext-secret', severity: 'high', message: '=cmd| env KEY is written', ...at },
        // Another entry on the same line of the same file (a one-line file): not this row's.
        { id: 'plaintext-secret', severity: 'high', message: 'elsewhere', ...at, server: 'x', entryId: 'cursor:x' },
      ],
      listings: new Map([[own.id, [own]]]),
      results: [result],
      sessionFindings: [
        {
          id: 'tool-name-collision',
          severity: 'high',
          message: 'srv and other both offer a tool named read.',
          tools: [
            { server: 'srv', tool: 'read' },
            { server: 'other', tool: 'read' },
          ],
        },
        {
          id: 'shadows-builtin-tool',
          severity: 'medium',
          message: 'other/Read',
          tools: [{ server: 'other', tool: 'Read' }],
        },
      ],
      serverIds: new Map([
        ['srv', own.id],
        ['other', 'vscode:other'],
      ]),
    });
    const csv = overviewToCsv([row], findings);
    const [header, line] = csv.split('\r\n');
    expect(header?.split(',').slice(-3)).toEqual(['server_finding_counts', 'config_findings', 'session_findings']);
    const counts = severityCountsText(allFindings(report));
    expect(counts).toMatch(/^\d+ high/);
    expect(line).toContain(
      `,"${counts}",high plaintext-secret: =cmd| env KEY is written | medium unpinned-package: npx -y pkg names no version,`,
    );
    expect(line).not.toContain('elsewhere');
    expect(line?.endsWith(',high tool-name-collision: srv and other both offer a tool named read.')).toBe(true);
  });
});
