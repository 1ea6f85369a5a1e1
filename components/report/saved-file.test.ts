// Every JSON file the product writes is recognised by its kind and read back; anything else is refused in words.
import { describe, expect, it } from 'vitest';
import { buildContract } from '@/lib/core/contract/build';
import { buildOAuthReport } from '@/lib/core/oauth/report';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { buildReport, type Report } from '@/lib/core/report/report';
import { buildScanExport } from '@/lib/core/session/scan-export';
import { parseSavedFile, savedFileKind } from './saved-file';

const report: Report = buildReport({
  generator: { name: 'mcp-hintcheck', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', command: 'node', args: ['demo.mjs'], cwd: null, envNames: [] },
  server: null,
  pages: [{ tools: [{ name: 'a', inputSchema: { type: 'object' } }], bytes: 1 }],
  complete: true,
  durationMs: 1,
  process: null,
  errors: [],
  warnings: [],
});

const batch = buildScanExport({
  generator: { name: 'mcp-hintcheck', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  servers: [],
  configFindings: [],
  overview: [],
  reports: [{ id: 'claude:demo', name: 'demo', report }],
  sessionFindings: [],
});

const contract = buildContract(report, '2026-01-02T00:00:00.000Z');

const URL_ = 'https://mcp.acme.test/mcp';
const oauth: OAuthReport = buildOAuthReport({
  url: URL_,
  displayUrl: URL_,
  loopbackTarget: false,
  probes: [],
  initialize: { status: 401, contentType: null, wwwAuthenticate: null },
  get: { status: null },
  prm: { url: null, status: null, contentType: null, body: null, expectedResources: [URL_] },
  authorizationServers: [],
});

const sarif = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [] };
const drift = { baseline: 'contract', server: null, changes: [], notes: [] };
const history = [{ id: 1, serverId: 1, identity: 'node x', reportHash: 'ab' }];

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('savedFileKind', () => {
  it.each<[string, unknown, string]>([
    ['a report', report, 'report'],
    ['a report of another version', { schemaVersion: 7, tools: [] }, 'report'],
    ['All reports (Your servers)', batch, 'batch'],
    ['a contract', contract, 'contract'],
    ['a contract of a later version', { kind: 'mcp-surface-contract', contractVersion: 9 }, 'contract'],
    ['an OAuth check', oauth, 'oauth'],
    ['SARIF', sarif, 'sarif'],
    ['a comparison', drift, 'drift'],
    ['a history list', history, 'history'],
    ['another JSON object', { url: 'https://x' }, 'unknown'],
    ['an empty array', [], 'unknown'],
    ['a number', 3, 'unknown'],
    ['null', null, 'unknown'],
  ])('%s is %s', (_label, value, kind) => {
    expect(savedFileKind(value)).toBe(kind);
  });
});

describe('parseSavedFile', () => {
  it('reads a report back as a report', () => {
    const result = parseSavedFile(json(report), 'r.json');
    expect(result.ok && result.file.kind === 'report' && result.file.report.tools[0]?.name).toBe('a');
  });
  it('reads All reports back with every report in it', () => {
    const result = parseSavedFile(json(batch), 'hintcheck-servers.json');
    expect(result.ok && result.file.kind === 'batch' && result.file.batch.reports.map((r) => r.name)).toEqual(['demo']);
  });
  it('reads a contract back with its pins', () => {
    const result = parseSavedFile(json(contract), 'mcp-surface.json');
    expect(
      result.ok && result.file.kind === 'contract' && result.file.contract.kind === 'contract'
        ? result.file.contract.contract.pins.toolCount
        : null,
    ).toBe(1);
  });
  it('reads an OAuth check back', () => {
    const result = parseSavedFile(json(oauth), 'oauth.json');
    expect(result.ok && result.file.kind === 'oauth' && result.file.oauth.url).toBe(URL_);
  });

  it.each<[string, string, string, string[]]>([
    [
      'a CSV export',
      'tools.csv',
      'name,class\r\nx,read-only\r\n',
      ['tools.csv is a CSV export', 'Download report as JSON'],
    ],
    ['text', 'notes.txt', 'hello', ['notes.txt is not JSON', 'Approve as contract']],
    ['SARIF', 's.sarif', json(sarif), ['is a SARIF file', 'code scanning']],
    ['a comparison', 'd.json', json(drift), ['is a comparison']],
    ['a history list', 'h.json', json(history), ['list of saved audits']],
    ['other JSON', 'x.json', '{"url":"https://x"}', ['is JSON, but not a file mcp-hintcheck writes']],
    [
      'a damaged report',
      'r.json',
      json({ ...report, tools: [{ ...report.tools[0], name: 1 }] }),
      ['looks like an mcp-hintcheck report', 'the name of tool 1 is not what a report holds'],
    ],
    [
      'a damaged batch',
      'b.json',
      json({ ...batch, reports: [{ id: 'x', name: 'x', report: { ...report, summary: null } }] }),
      ['looks like an "All reports" file', 'the summary of report of report 1'],
    ],
    [
      'a batch of another version',
      'b.json',
      json({ ...batch, schemaVersion: 3 }),
      ['version 3; this dashboard reads version 1'],
    ],
    [
      'a contract of a later version',
      'c.json',
      json({ ...contract, contractVersion: 9 }),
      ['newer than this mcp-hintcheck reads'],
    ],
    [
      'an edited contract',
      'c.json',
      json({ ...contract, tools: 'all' }),
      ['looks like an approved contract', 'Approve as contract'],
    ],
    [
      'a damaged OAuth check',
      'o.json',
      json({ ...oauth, reachable: 'yes' }),
      ['looks like an OAuth check', 'the reachable'],
    ],
  ])('%s is refused in words', (_label, name, text, parts) => {
    const result = parseSavedFile(text, name);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    for (const part of parts) expect(message).toContain(part);
    // A person reads it: no schema paths such as tools.0.name, no zod wording.
    expect(message).not.toMatch(/\w\.\d+\.\w|Expected|Invalid input/);
  });
});
