// The CLI's text output opens with what to read first (issue 22, part 5), and the capability options
// (part 1) as a user types them: the built CLI against the demo, the published server-everything and
// the project's host-requests fixture.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../lib/core/report/report';
import { runCli } from './cli-run';
import { ROOT } from './helpers';

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FIXTURE = fileURLToPath(new URL('./fixtures/host-requests-server.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hintcheck-readfirst-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('read first, in the text output', () => {
  it("shows the top tool's name, reason and description within the first 15 lines (the demo)", async () => {
    const { code, stdout } = await runCli(['audit', '--fail-on', 'none', '--demo']);
    expect(code).toBe(0);
    const head = stdout.split('\n').slice(0, 15).join('\n');
    expect(head).toContain('read first:');
    expect(head).toMatch(
      / 1\. summarize_feedback\n {4}why: high hidden-characters: Invisible characters in description/,
    );
    expect(head).toContain('says: "Summarize recent member feedback.');
    // The top three, in the risk order of the Report, within the first 20 lines: each reason is the
    // worst flag (issue 35), and run_automation's (unannotated, high) takes two lines where its
    // medium executes-code took one.
    const json = reportSchema.parse(JSON.parse((await runCli(['audit', '--demo', '--json'])).stdout));
    const top = [...json.tools].sort((a, b) => a.risk.rank - b.risk.rank).slice(0, 3);
    const screen = stdout.split('\n').slice(0, 20).join('\n');
    for (const tool of top) expect(screen).toContain(`${tool.risk.rank}. ${tool.name}`);
  });

  it('names the capability-gated and unlisted tools, the capabilities declared and the requests answered', async () => {
    const { code, stdout } = await runCli([
      'audit',
      '--fail-on',
      'none',
      '--compare-capabilities',
      '--',
      process.execPath,
      FIXTURE,
    ]);
    expect(code).toBe(0);
    const head = stdout.split('\n').slice(0, 25).join('\n');
    expect(head).toContain('client capabilities (host): roots (listChanged), sampling, elicitation (form, url)');
    expect(head).toContain('capability-gated: ask_model, ask_user, use_roots');
    expect(head).toContain('unlisted-tool: Not in the listing, but named in the instructions: hidden_helper.');
    expect(head).toContain('added after the lists: late_tool');
    expect(stdout).toMatch(/\+\d+ ms roots\/list → result: 1 root: file:\/\/\S*mcp-hintcheck-root-/);
    expect(stdout).toMatch(/\+\d+ ms sampling\/createMessage → error -1: Declined/);
    expect(stdout).toMatch(/\+\d+ ms elicitation\/create → result: action: decline/);
    expect(stdout).toContain('tools listed again at');
    expect(stdout).toContain('compared with no capabilities: 1 tool; capability-gated: ask_model, ask_user, use_roots');
  });
});

describe('--capabilities and --root', () => {
  it('server-everything: 19 tools by default (host, tasks included), 13 with --capabilities none', async () => {
    const host = reportSchema.parse(
      JSON.parse((await runCli(['audit', '--json', '--', process.execPath, EVERYTHING, 'stdio'])).stdout),
    );
    expect(host.summary.tools).toBe(19);
    expect(host.clientSession?.mode).toBe('host');
    const none = await runCli(['audit', '--capabilities', 'none', '--', process.execPath, EVERYTHING, 'stdio']);
    expect(none.stdout).toContain('client capabilities (none): none declared');
    expect(none.stdout).toContain('13 tools\n');
    expect(none.stdout).toContain('unlisted-tool: Not in the listing, but named in the instructions: get-roots-list');
  });

  it('a capabilities file is declared as written; --root is offered', async () => {
    const file = join(dir, 'caps.json');
    writeFileSync(file, JSON.stringify({ roots: {} }));
    const { stdout } = await runCli([
      'audit',
      '--json',
      '--capabilities',
      file,
      '--root',
      dir,
      '--',
      process.execPath,
      FIXTURE,
    ]);
    const report = reportSchema.parse(JSON.parse(stdout));
    expect(report.clientSession).toMatchObject({ mode: 'file', file, declared: { roots: {} }, rootsSource: 'user' });
    expect(report.tools.map((tool) => tool.name)).toContain('use_roots');
    expect(report.tools.map((tool) => tool.name)).not.toContain('ask_model');
  });

  it.each([
    [['--capabilities', join(dir, 'missing.json')], 'is not host, none, or a readable file (ENOENT)'],
    [['--capabilities', 'bad-json'], 'not JSON'],
    [['--capabilities', 'array'], '(the file: Invalid input: expected object, received array)'],
    [['--capabilities', 'roots'], '(roots: Invalid input: expected object, received boolean)'],
    [['--root', join(dir, 'nope')], 'is not an existing folder'],
  ])('refuses %j with exit 2 and what is wrong', async (args, message) => {
    writeFileSync(join(dir, 'bad-json'), '{ nope');
    writeFileSync(join(dir, 'array'), '[]');
    writeFileSync(join(dir, 'roots'), '{"roots": true}');
    const resolved = args.map((arg) => (['bad-json', 'array', 'roots'].includes(arg) ? join(dir, arg) : arg));
    const { code, stderr } = await runCli(['audit', ...resolved, '--demo']);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('try:');
  });

  it('contract write checks the file the same way, before it audits', async () => {
    writeFileSync(join(dir, 'listChanged'), '{"roots": {"listChanged": "yes"}}');
    const output = join(dir, 'never.json');
    const args = ['contract', 'write', '--capabilities', join(dir, 'listChanged'), '--output', output, '--demo'];
    const { code, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr).toContain('(roots.listChanged: Invalid input: expected boolean, received string)');
    expect(existsSync(output)).toBe(false);
  });
});
