import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchema, type Report, type ToolReport } from '../lib/core/report/report';
import { runAudit } from '../lib/server/audit/audit';
import { DEMO_SERVER, ROOT, rawFixture, readPids, waitGone } from './helpers';

function tool(report: Report, name: string): ToolReport {
  const found = report.tools.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no tool ${name} in ${report.tools.map((t) => t.name).join(', ')}`);
  return found;
}

function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'hintcheck-')), name);
}

describe('stdio audit of the raw fixture', () => {
  it('lists every tool with raw annotations, effective values and counts', async () => {
    const report = await runAudit(rawFixture('basic'));
    expect(reportSchema.parse(report)).toBeTruthy();
    expect(report.errors).toEqual([]);
    expect(report.complete).toBe(true);
    expect(report.pages).toBe(1);
    expect(report.server).toMatchObject({
      name: 'raw-fixture',
      version: '1.2.3',
      protocolVersion: '2025-11-25',
      transport: 'stdio',
      instructions: 'Fixture server for mcp-hintcheck tests.',
    });
    expect(report.summary).toMatchObject({
      tools: 8,
      readOnly: 2,
      destructive: 5,
      openWorld: 5,
      unannotated: 2,
      partiallyAnnotated: 3,
      fullyAnnotated: 3,
      malformed: 2,
      additiveWrites: ['create_webhook'],
      openWorldTools: ['array_annotations', 'bare_tool', 'create_webhook', 'malformed_hints', 'title_only'],
      destructiveTools: ['array_annotations', 'bare_tool', 'delete_item', 'malformed_hints', 'title_only'],
    });
    // Raw values survive exactly as sent, including what the SDK's listTools would drop or reject.
    expect(tool(report, 'malformed_hints').annotations).toEqual({
      readOnlyHint: 'true',
      destructiveHint: 1,
      openWorldHint: null,
    });
    expect(tool(report, 'custom_keys').annotations).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
      category: 'search',
      conditions: ['x'],
    });
    expect(tool(report, 'array_annotations').annotations).toEqual([]);
    expect('annotations' in tool(report, 'bare_tool')).toBe(false);
    expect(tool(report, 'create_webhook').displayName).toBe('Create webhook');
    expect(tool(report, 'title_only').displayName).toBe('Only a title');
    expect(tool(report, 'delete_item').flags.map((f) => f.id)).toContain('confirmation-required');
    expect(report.toolsListBytes).toBeGreaterThan(500);
    expect(report.process?.exitCode).toBeNull();
  });

  it('follows every page, including an empty-string cursor', async () => {
    const paged = await runAudit(rawFixture('paged'));
    expect(paged.pages).toBe(3);
    expect(paged.complete).toBe(true);
    expect(paged.tools.map((t) => [t.name, t.page])).toEqual([
      ['p1_a', 1],
      ['p1_b', 1],
      ['p2_a', 2],
      ['p2_b', 2],
      ['p3_a', 3],
      ['p3_b', 3],
    ]);
    const empty = await runAudit(rawFixture('empty-cursor'));
    expect(empty.tools.map((t) => t.name)).toEqual(['first', 'second']);
    expect(empty.complete).toBe(true);
  });

  it('stops a repeated cursor and marks the listing incomplete', async () => {
    const report = await runAudit(rawFixture('cursor-loop'));
    expect(report.complete).toBe(false);
    expect(report.errors[0]?.code).toBe('pagination-stopped');
    expect(report.errors[0]?.message).toContain('twice');
    expect(report.pages).toBe(2);
  });

  it('stops an endless cursor at the page cap', async () => {
    const report = await runAudit(rawFixture('cursor-endless'), { maxPages: 25 });
    expect(report.pages).toBe(25);
    expect(report.complete).toBe(false);
    expect(report.errors[0]?.code).toBe('pagination-stopped');
  });

  it('explains a server that exits before answering, with its exit code and stderr', async () => {
    const report = await runAudit(rawFixture('exit-early'));
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]?.code).toBe('server-exited');
    expect(report.errors[0]?.message).toContain('exited with code 3');
    expect(report.errors[0]?.message).toContain('MISSING_API_KEY');
    expect(report.errors[0]?.hint).toContain('--env');
    expect(report.errors[0]?.missingEnv).toEqual(['MISSING_API_KEY']);
    expect(report.process?.exitCode).toBe(3);
    expect(report.server).toBeNull();
  });

  it('keeps the pages read before a crash', async () => {
    const report = await runAudit(rawFixture('crash-mid-list'));
    expect(report.tools.map((t) => t.name)).toEqual(['crash_a', 'crash_b']);
    expect(report.complete).toBe(false);
    expect(report.errors[0]).toMatchObject({ code: 'server-exited', step: 'tools/list page 2' });
    expect(report.errors[0]?.message).toContain('panic: boom');
    expect(report.process?.exitCode).toBe(70);
  });

  it.each([
    ['hang-initialize', 'initialize'],
    ['hang-list', 'tools/list page 1'],
  ])('times out a server that hangs (%s) and kills it', async (scenario, step) => {
    const started = Date.now();
    const report = await runAudit(rawFixture(scenario), { timeoutMs: 1500 });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(report.errors[0]?.code).toBe('timeout');
    expect(report.errors[0]?.step).toBe(step);
    expect(report.errors[0]?.message).toContain(`at ${step}`);
    expect(await waitGone([report.process?.pid ?? -1])).toEqual([]);
  });

  it('tolerates non-protocol text on stdout and reports it', async () => {
    const report = await runAudit(rawFixture('stdout-noise'));
    expect(report.errors).toEqual([]);
    expect(report.tools.map((t) => t.name)).toEqual(['read_items']);
    expect(report.warnings.find((w) => w.code === 'stdout-noise')?.message).toContain('Server starting...');
  });

  it.each([
    ['success', 'grandchildren', {}],
    ['timeout', 'grandchildren-hang', { timeoutMs: 1500 }],
  ])('leaves no process behind on %s, grandchildren included', async (_label, scenario, options) => {
    const pidFile = tempFile('pids');
    const report = await runAudit(rawFixture(scenario, [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), options);
    const pids = readPids(pidFile);
    expect(pids).toHaveLength(3);
    expect(await waitGone(pids)).toEqual([]);
    expect(report.target).toMatchObject({ envNames: ['FIXTURE_PID_FILE'] });
  });

  it('leaves no process behind when cancelled', async () => {
    const pidFile = tempFile('pids');
    const cancel = new AbortController();
    const audit = runAudit(rawFixture('grandchildren-hang', [{ name: 'FIXTURE_PID_FILE', value: pidFile }]), {
      signal: cancel.signal,
      onProgress: (event) => {
        if (event.step === 'initialized')
          setTimeout(() => {
            cancel.abort();
          }, 200);
      },
    });
    const report = await audit;
    expect(report.errors[0]?.code).toBe('cancelled');
    expect(await waitGone(readPids(pidFile))).toEqual([]);
  });

  it('passes only the allowlist plus the named variables, and never reports values', async () => {
    // The whole real environment plus canaries, as the caller's: the test proves none of it leaks.
    const callerEnv = {
      ...process.env,
      HINTCHECK_CANARY: 'canary-5f2c9e',
      MY_TOKEN: 'token-value-8d1a',
      ONLY_NAMED: 'x',
    };
    const report = await runAudit(
      rawFixture('env-dump', [{ name: 'MY_TOKEN' }, { name: 'SET_HERE', value: 'v' }, { name: 'NOT_SET_ANYWHERE' }]),
      { callerEnv },
    );
    const keys = JSON.parse(tool(report, 'env').description ?? '[]') as string[];
    const allowed = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'MY_TOKEN', 'SET_HERE'];
    expect(keys.every((key) => allowed.includes(key))).toBe(true);
    expect(keys).toContain('MY_TOKEN');
    expect(keys).toContain('SET_HERE');
    expect(JSON.stringify(report)).not.toContain('canary-5f2c9e');
    expect(report.target).toMatchObject({ envNames: ['MY_TOKEN', 'SET_HERE'] });
    // The server printed its environment into a tool description; the value still never reaches the report.
    expect(JSON.stringify(report)).not.toContain('token-value-8d1a');
    expect(tool(report, 'env_values').description).toContain('"MY_TOKEN":"«redacted»"');
    expect(report.warnings.find((w) => w.code === 'env-missing')?.message).toContain('NOT_SET_ANYWHERE');
  });

  it('refuses a message above the byte cap', async () => {
    const report = await runAudit(rawFixture('huge', [{ name: 'FIXTURE_MB', value: '3' }]), { maxBytes: 1024 * 1024 });
    expect(report.errors[0]?.code).toBe('too-large');
    expect(report.tools).toEqual([]);
  });

  it('turns hostile tool entries into findings and keeps going', async () => {
    const report = await runAudit(rawFixture('hostile-strings'));
    expect(report.errors).toEqual([]);
    expect(report.warnings.some((w) => w.code === 'entry-not-object')).toBe(true);
    const ids = (name: string) => tool(report, name).flags.map((f) => f.id);
    expect(ids('dup')).toContain('duplicate-tool-name');
    expect(ids('has space')).toContain('invalid-tool-name');
    expect(ids('safe\u202eexe.txt')).toContain('hidden-characters');
    expect(ids('bad_schema')).toContain('invalid-input-schema');
    expect(report.tools.some((t) => t.name === '' && t.flags.some((f) => f.id === 'invalid-tool-name'))).toBe(true);
  });

  it("counts the tokens of a description that spells a model's special token (<|endoftext|>), as text", async () => {
    const report = await runAudit(rawFixture('hostile-strings'), { countTokens: true });
    expect(report.errors).toEqual([]);
    const cost = tool(report, 'script_desc').cost;
    expect(cost?.tokens).toBeGreaterThan(20);
    expect(report.tools.every((t) => typeof t.cost?.tokens === 'number')).toBe(true);
  });

  it('reports a result without a tools array', async () => {
    const report = await runAudit(rawFixture('bad-result'));
    expect(report.errors[0]).toMatchObject({ code: 'invalid-result', step: 'tools/list page 1' });
  });

  it('times out a response with the wrong id', async () => {
    const report = await runAudit(rawFixture('wrong-id'), { requestTimeoutMs: 1000 });
    expect(report.errors[0]?.code).toBe('timeout');
  });

  it('audits an old-protocol server with no annotations as all defaults', async () => {
    const report = await runAudit(rawFixture('old-protocol'));
    expect(report.server?.protocolVersion).toBe('2024-11-05');
    expect(report.summary.unannotated).toBe(report.summary.tools);
    expect(report.summary.destructive).toBe(report.summary.tools);
  });
});

describe('spawn failures', () => {
  it('command not found', async () => {
    const report = await runAudit({ transport: 'stdio', command: 'definitely-not-a-command-4711', args: [], env: [] });
    expect(report.errors[0]).toMatchObject({ code: 'command-not-found', step: 'spawn' });
    expect(report.errors[0]?.message).toContain('definitely-not-a-command-4711');
  });

  it('not executable', async () => {
    const file = tempFile('server.sh');
    writeFileSync(file, '#!/bin/sh\necho hi\n');
    chmodSync(file, 0o644);
    const report = await runAudit({ transport: 'stdio', command: file, args: [], env: [] });
    expect(report.errors[0]?.code).toBe('command-not-executable');
    expect(report.errors[0]?.hint).toContain('chmod +x');
  });

  // Issue 14: this was reported as "Command not found".
  it.each([
    [process.execPath, 'an existing command'],
    ['definitely-not-a-command-4711', 'a missing command'],
  ])('a missing working directory says so (%s, %s)', async (command) => {
    const cwd = join(tmpdir(), 'hintcheck-no-such-dir-4711');
    const report = await runAudit({ transport: 'stdio', command, args: [], cwd, env: [] });
    expect(report.errors[0]).toMatchObject({
      code: 'bad-input',
      step: 'spawn',
      message: `The working directory ${cwd} does not exist.`,
    });
    expect(report.errors[0]?.hint).toContain('--cwd');
    expect(report.process?.pid).toBeNull();
  });

  it('a working directory that is a file says so', async () => {
    const file = tempFile('not-a-dir');
    writeFileSync(file, 'x');
    const report = await runAudit({ transport: 'stdio', command: process.execPath, args: [], cwd: file, env: [] });
    expect(report.errors[0]?.message).toBe(`The working directory ${file} is not a directory.`);
  });
});

describe('the bundled demo server', () => {
  it('audits to the documented numbers', async () => {
    const report = await runAudit({ transport: 'stdio', command: process.execPath, args: [DEMO_SERVER], env: [] });
    expect(report.errors).toEqual([]);
    expect(report.pages).toBe(2);
    expect(report.summary).toMatchObject({
      tools: 16,
      readOnly: 5,
      destructive: 5,
      openWorld: 6,
      unannotated: 2,
      partiallyAnnotated: 4,
      fullyAnnotated: 10,
      malformed: 2,
    });
    expect(report.summary.additiveWrites).toContain('create_webhook');
  });
});

describe('published servers from npm', () => {
  it('server-everything over stdio', async () => {
    const report = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
      env: [],
    });
    expect(report.errors).toEqual([]);
    expect(report.complete).toBe(true);
    expect(report.server?.name).toBeTruthy();
    expect(report.summary.tools).toBeGreaterThan(5);
    expect(report.tools.map((t) => t.name)).toContain('echo');
  });

  it('server-memory over stdio', async () => {
    const report = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
      env: [{ name: 'MEMORY_FILE_PATH', value: tempFile('memory.jsonl') }],
    });
    expect(report.errors).toEqual([]);
    expect(report.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['create_entities', 'read_graph']));
  });
});
