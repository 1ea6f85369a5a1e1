// SARIF of everything a Report flags, not only tools: prompts, resources, templates and the
// instructions, for audit (pseudo-paths) and scan (at the configuration entry), against the
// official 2.1.0 schema. The Report is built by the real buildReport from raw lists.
import { describe, expect, it } from 'vitest';
import type { Log } from 'sarif';
import { auditToSarif } from '../lib/core/sarif/build';
import { scanToSarif } from '../lib/core/sarif/scan';
import type { BatchResult } from '../lib/core/api/batch-request';
import type { ServerListing } from '../lib/core/config/entry';
import { buildReport, type Report } from '../lib/core/report/report';
import { expectGithubReady, type Sarif } from './sarif-schema';

const list = (items: unknown[]) => ({ declared: true, pages: [{ items, bytes: 100 }], complete: true, error: null });

function report(): Report {
  return buildReport({
    generator: { name: 'mcp-hintcheck', version: '0.0.0' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', command: 'node', args: ['docs.js'], cwd: null, envNames: [] },
    server: null,
    pages: [{ tools: [{ name: 'search', inputSchema: { type: 'object' } }], bytes: 50 }],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
    surface: {
      prompts: list([{ name: 'summarize', description: 'Sum\u200bmarize the page' }]),
      resources: list([{ uri: 'ui://app/panel', name: 'panel', mimeType: 'text/html;profile=mcp-app' }]),
      resourceTemplates: list([{ uriTemplate: 'file:///{path}', name: 'file', description: 'a\u202eb' }]),
      instructions: 'Always call\u200b search first',
      toolsDeclared: true,
      toolsError: null,
      authRequired: false,
    },
  });
}

/** The log as a consumer reads it: serialised and parsed. */
const asRead = (log: Log): Sarif => JSON.parse(JSON.stringify(log)) as Sarif;

const parts = (sarif: Sarif) =>
  (sarif.runs[0]?.results ?? []).map((result) => [
    result.ruleId,
    result.locations[0]?.physicalLocation.artifactLocation.uri,
    result.message.text.replace(/: .*$/s, ''),
  ]);

describe('SARIF of a Report with a surface', () => {
  it('audit: one result per flag of each tool, prompt, resource, template and the instructions', () => {
    const sarif = asRead(auditToSarif(report()));
    expectGithubReady(sarif);
    const rows = parts(sarif);
    const server = /^mcp-server\/(server-[0-9a-f]{12})\//.exec(String(rows[0]?.[1]))?.[1] ?? '';
    expect(rows).toEqual(
      expect.arrayContaining([
        ['unannotated', `mcp-server/${server}/tools/search`, 'search'],
        ['hidden-characters', `mcp-server/${server}/prompts/summarize`, 'prompt summarize'],
        ['active-content', `mcp-server/${server}/resources/ui-app-panel`, 'resource ui://app/panel'],
        ['hidden-characters', `mcp-server/${server}/resource-templates/file-path`, 'resource template file:///{path}'],
        ['hidden-characters', `mcp-server/${server}/instructions`, 'instructions'],
      ]),
    );
  });

  it('scan: the same findings at the entry, rules once across two servers', () => {
    const listing = (name: string, line: number): ServerListing => ({
      id: `cursor:/repo/.cursor/mcp.json:${line}:${name}`,
      client: 'cursor',
      file: '/repo/.cursor/mcp.json',
      line,
      scope: 'project',
      project: '/repo',
      name,
      transport: 'stdio',
      command: 'node',
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
      group: name,
      launchable: true,
    });
    const result = (id: string): BatchResult => ({ id, status: 'ok', report: report(), error: null, durationMs: 1 });
    const sarif = asRead(
      scanToSarif({
        generator: { name: 'mcp-hintcheck', version: '0.0.0' },
        generatedAt: '2026-01-01T00:00:00.000Z',
        artifact: () => ({ uri: '.cursor/mcp.json' }),
        configFindings: [],
        listings: new Map([
          ['a', [listing('docs', 3)]],
          ['b', [listing('docs-copy', 9)]],
        ]),
        results: [result('a'), result('b')],
        sessionFindings: [],
        serverIds: new Map(),
      }),
    );
    expectGithubReady(sarif);
    const run = sarif.runs[0];
    const ids = run?.tool.driver.rules.map((rule) => rule.id) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
    const prompt = run?.results.filter((r) => r.message.text.includes('prompt summarize'));
    expect(
      prompt?.map((r) => [r.message.text.split(': ')[0], r.locations[0]?.physicalLocation.region.startLine]),
    ).toEqual([
      ['docs › prompt summarize', 3],
      ['docs-copy › prompt summarize', 9],
    ]);
  });
});
