import { describe, expect, it } from 'vitest';
import type { ServerListing } from '../config/entry';
import { buildReport } from '../report';
import { OVERVIEW_CSV_HEADERS, overviewRow, overviewToCsv } from './overview';

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
});
