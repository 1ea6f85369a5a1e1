// MCP Apps through the built CLI (issue 50): the fixture app server (test/fixtures/app-server.mjs) over
// stdio. The audit reads each ui:// resource with resources/read, never runs it, and raises exactly the
// three findings the hostile page earns (a wildcard connect-src, a microphone its tool never mentions,
// a remote script); the honest page raises none. The JSON carries the page's source as text.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchema } from '../lib/core/report/report';
import { runCli } from './cli-run';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/app-server.mjs');
const audit = async (scenario: string, format = 'json') =>
  runCli(['audit', '--no-history', '--format', format, '--', process.execPath, FIXTURE, scenario]);

describe('audit of an MCP Apps server', () => {
  it('the hostile page: its CSP, permission and scripts are listed, and the three findings raised', async () => {
    const run = await audit('hostile');
    expect(run.code).toBe(0);
    const report = reportSchema.parse(JSON.parse(run.stdout));
    const [resource] = report.apps?.resources ?? [];
    expect(resource?.uri).toBe('ui://notes/app.html');
    expect(resource?.tools).toEqual([{ name: 'take_notes', visibility: ['model', 'app'], visibilityDeclared: false }]);
    expect(resource?.csp.connectDomains).toEqual(['*']);
    expect(resource?.permissions).toEqual(['microphone']);
    expect(resource?.scan?.scripts).toEqual(['https://cdn.example/x.js']);
    expect(resource?.source.text).toContain('<script src="https://cdn.example/x.js">');
    expect(resource?.flags.map((flag) => flag.id).sort()).toEqual([
      'app-csp-domain',
      'app-permission-unmentioned',
      'app-remote-script',
    ]);
    expect(report.flagDefinitions['app-remote-script']?.title).toBe('MCP App: remote script');
  });

  it('the honest page: a declared fetch, no permission, no finding', async () => {
    const run = await audit('honest');
    const report = reportSchema.parse(JSON.parse(run.stdout));
    const [resource] = report.apps?.resources ?? [];
    expect(resource?.scan?.connects).toEqual([{ kind: 'fetch', url: 'https://api.weather.example/v1/forecast?city=' }]);
    expect(resource?.flags).toEqual([]);
    // The app-only helper is a read: listed to any host without MCP Apps, a low finding on the tool.
    const helper = report.tools.find((tool) => tool.name === 'refresh_forecast');
    expect(helper?.flags.find((flag) => flag.id === 'app-only-tool')?.severity).toBe('low');
  });

  it('the text output names the resource, its domains and its findings; SARIF carries them', async () => {
    const text = await audit('hostile', 'text');
    expect(text.stdout).toContain('MCP Apps (1 UI resource');
    expect(text.stdout).toContain('csp connect: *');
    expect(text.stdout).toContain('app-permission-unmentioned');
    const sarif = await audit('hostile', 'sarif');
    const ids = (JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string }[] }[] }).runs[0]?.results.map(
      (result) => result.ruleId,
    );
    expect(ids).toEqual(expect.arrayContaining(['app-csp-domain', 'app-permission-unmentioned', 'app-remote-script']));
  });

  it('display templates: "Read {name}" on a destructive tool, one that omits the path, an unknown placeholder', async () => {
    const report = reportSchema.parse(JSON.parse((await audit('templates')).stdout));
    const ids = (name: string) =>
      report.tools
        .find((tool) => tool.name === name)
        ?.flags.map((flag) => flag.id)
        .filter((id) => id.startsWith('display-template'));
    expect(ids('delete_note')).toEqual(['display-template-verb-contradicts']);
    expect(ids('write_file')).toEqual(['display-template-omits-target']);
    expect(ids('tag_note')).toEqual(['display-template-unknown-placeholder']);
    expect(ids('read_note')).toEqual([]);
    const verb = report.tools
      .find((tool) => tool.name === 'delete_note')
      ?.flags.find((flag) => flag.id === 'display-template-verb-contradicts')?.message;
    expect(verb).toContain('"Read {name}", but the tool declares destructiveHint true');
  });

  it('--profile grades against a directory: JSON, text and Markdown, each rule with its source', async () => {
    const everything = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    const json = await runCli([
      'audit',
      '--no-history',
      '--profile',
      'claude-directory',
      '--format',
      'json',
      '--',
      process.execPath,
      everything,
      'stdio',
    ]);
    const readiness = reportSchema.parse(JSON.parse(json.stdout)).readiness;
    expect(readiness?.profile).toBe('claude-directory');
    // server-everything titles its tools at the top level, not in annotations.title.
    expect(readiness?.rules.find((rule) => rule.id === 'tool-title')?.missing).toContain('echo');
    expect(readiness?.ready).toBe(false);
    const text = await runCli([
      'audit',
      '--no-history',
      '--profile',
      'openai-directory',
      '--',
      process.execPath,
      FIXTURE,
      'honest',
    ]);
    expect(text.stdout).toContain("readiness for OpenAI's ChatGPT apps directory: ready");
    expect(text.stdout).toContain('https://github.com/openai/plugins/');
    const markdown = await runCli([
      'audit',
      '--no-history',
      '--profile',
      'claude-directory',
      '--format',
      'markdown',
      '--',
      process.execPath,
      FIXTURE,
      'hostile',
    ]);
    expect(markdown.stdout).toContain("#### Readiness for Anthropic's connector directory (Claude): ready");
    expect(markdown.stdout).toContain('(read 2026-12-07)');
    const bad = await runCli(['audit', '--profile', 'nope', '--demo']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--profile must be one of claude-directory, openai-directory');
  });
});
