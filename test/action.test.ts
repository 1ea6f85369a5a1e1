// The GitHub Action's script (action/run.mjs), run as the composite action runs it: INPUT_* variables,
// a $GITHUB_OUTPUT file, the CLI given by path (the packed CLI: test/package/install.pack.test.ts).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sarifCounts, splitCommandLine } from '../action/run.mjs';
import { CLI, DEMO_SERVER, ROOT } from './helpers';

const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-action-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function runAction(inputs: Record<string, string>, cwd: string) {
  const output = join(cwd, `github-output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(output, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: cwd,
    NODE_ENV: 'test',
    HINTCHECK_DB: 'off',
    GITHUB_OUTPUT: output,
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name}`, value])),
  };
  return new Promise<{ code: number; outputs: Record<string, string>; stderr: string }>((resolve) => {
    execFile(process.execPath, [join(ROOT, 'action/run.mjs')], { cwd, env }, (error, _stdout, stderr) => {
      const outputs = Object.fromEntries(
        readFileSync(output, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, outputs, stderr });
    });
  });
}

describe('splitCommandLine', () => {
  it.each([
    ['node dist/server.js', ['node', 'dist/server.js']],
    ['  npx  -y  pkg@1.2.3 ', ['npx', '-y', 'pkg@1.2.3']],
    ['node "my server.js" --name \\"x\\"', ['node', 'my server.js', '--name', '"x"']],
    ['node ""', ['node', '']],
  ])('%s', (line, words) => {
    expect(splitCommandLine(line)).toEqual(words);
  });
});

describe('sarifCounts', () => {
  it('counts results by their rule security severity', () => {
    const log = {
      runs: [
        {
          tool: {
            driver: {
              rules: [
                { id: 'a', properties: { 'security-severity': '8.0' } },
                { id: 'b', properties: { 'security-severity': '5.5' } },
              ],
            },
          },
          results: [
            { ruleId: 'a', ruleIndex: 0 },
            { ruleId: 'b' },
            { ruleId: 'b', ruleIndex: 1 },
            { ruleId: 'c', level: 'note' },
          ],
        },
      ],
    };
    expect(sarifCounts(log)).toEqual({ results: 4, high: 1, medium: 2, low: 1 });
  });

  it('counts a result at the level it was raised, not its rule default', () => {
    // caller-secret-passed is a high rule raised at low for a local server that gets the caller's secret.
    const log = {
      runs: [
        {
          tool: { driver: { rules: [{ id: 'caller-secret-passed', properties: { 'security-severity': '8.0' } }] } },
          results: [
            { ruleId: 'caller-secret-passed', ruleIndex: 0, level: 'note' },
            { ruleId: 'caller-secret-passed', ruleIndex: 0, level: 'warning' },
            { ruleId: 'caller-secret-passed', ruleIndex: 0, level: 'error' },
          ],
        },
      ],
    };
    expect(sarifCounts(log)).toEqual({ results: 3, high: 1, medium: 1, low: 1 });
  });
});

describe('the action against the built CLI', () => {
  it('audits a server, writes SARIF and fails the high gate on the demo', async () => {
    const { code, outputs } = await runAction(
      { CLI, MODE: 'audit', SERVER: `${process.execPath} ${DEMO_SERVER}` },
      scratch,
    );
    expect(code).toBe(1);
    expect(outputs['exit-code']).toBe('1');
    expect(Number(outputs.high)).toBeGreaterThan(0);
    const sarif = JSON.parse(readFileSync(join(scratch, 'mcp-hintcheck.sarif'), 'utf8')) as { version: string };
    expect(sarif.version).toBe('2.1.0');
  });

  it('passes verify against the contract the same server wrote', async () => {
    const contract = join(scratch, 'mcp-surface.json');
    await new Promise((resolve) =>
      execFile(
        process.execPath,
        [CLI, 'contract', 'write', '-o', contract, '--', process.execPath, DEMO_SERVER],
        resolve,
      ),
    );
    const { code, outputs } = await runAction(
      { CLI, MODE: 'verify', CONTRACT: contract, SERVER: `${process.execPath} ${DEMO_SERVER}`, SARIF: 'verify.sarif' },
      scratch,
    );
    expect(outputs['exit-code']).toBe('0');
    expect(code).toBe(0);
  });

  it('scans the repository files and gates on a plain-text secret', async () => {
    const project = mkdtempSync(join(scratch, 'project-'));
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          api: { command: 'node', args: ['server.js'], env: { API_KEY: 'sk-live-abcdefghijklmnopqrstuvwx' } },
        },
      }),
    );
    const { code, outputs } = await runAction({ CLI, MODE: 'scan', FAIL_ON: 'high' }, project);
    // One high finding (plaintext-secret); scan itself exits 0, the action's gate makes it 1.
    expect(outputs.high).toBe('1');
    expect(outputs['exit-code']).toBe('1');
    expect(code).toBe(1);
    expect(readFileSync(join(project, 'mcp-hintcheck.sarif'), 'utf8')).not.toContain(
      'sk-live-abcdefghijklmnopqrstuvwx',
    );
  });

  it('runs the pre-commit hook entry on the files a commit touches: only those, gated at high', async () => {
    const project = mkdtempSync(join(scratch, 'hook-'));
    const bin = join(project, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'mcp-hintcheck'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    writeFileSync(
      join(project, 'secret.json'),
      JSON.stringify({
        mcpServers: { api: { command: 'node', env: { API_KEY: 'sk-live-abcdefghijklmnopqrstuvwx' } } },
      }),
    );
    writeFileSync(
      join(project, 'clean.json'),
      JSON.stringify({ mcpServers: { ok: { command: 'node', args: ['server.js'] } } }),
    );
    const entry = /^\s*entry: (.+)$/m.exec(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'))?.[1] ?? '';
    const hook = (file: string) =>
      new Promise<number>((resolve) => {
        execFile(
          'sh',
          ['-c', `${entry} ${file}`],
          {
            cwd: project,
            env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: project, HINTCHECK_DB: 'off', NODE_ENV: 'test' },
          },
          (error) => {
            resolve(typeof error?.code === 'number' ? error.code : 0);
          },
        );
      });
    expect(await hook('secret.json')).toBe(1);
    expect(await hook('clean.json')).toBe(0);
  });

  it('refuses a mode it does not know, with the valid ones', async () => {
    const { code, stderr } = await runAction({ CLI, MODE: 'deploy' }, scratch);
    expect(code).toBe(2);
    expect(stderr).toContain('mode is audit, verify or scan');
  });
});
