// Issue 49 item 2, through the built CLI: one gate default (--fail-on high, as the Action and the
// README say) for audit, oauth and scan; --fail-on refused where it gates nothing; every command
// takes --json and --format json alike; each command prints its own --help; history diff says when
// the two audits are of two different servers.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { COMMAND_HELP, USAGE } from '../lib/cli/usage';
import { DRIFT_FIXTURE, runCli, tempDir } from './cli-run';
import { RAW_FIXTURE } from './helpers';

describe('the gate default is high', () => {
  it('audit --demo (high findings) exits 1 and says why on stderr; --fail-on none exits 0 with the same report', async () => {
    const gated = await runCli(['audit', '--demo', '--no-history']);
    expect(gated.code).toBe(EXIT.gate);
    expect(gated.stderr).toContain('at or above the gate (--fail-on high, the default; --fail-on none reports');
    const reported = await runCli(['audit', '--demo', '--no-history', '--fail-on', 'none']);
    expect(reported.code).toBe(EXIT.ok);
    expect(reported.stderr).not.toContain('exit 1');
    expect(reported.stdout.split('\n')[0]).toBe(gated.stdout.split('\n')[0]);
  });

  it('a server whose worst finding is below the gate passes it', async () => {
    const run = await runCli([
      'audit',
      '--no-history',
      '--fail-on',
      'critical',
      '--',
      process.execPath,
      RAW_FIXTURE,
      'basic',
    ]);
    expect(run.code).toBe(EXIT.ok);
  });

  it('refuses a gate that is not a severity, and --fail-on where nothing is gated', async () => {
    const bad = await runCli(['audit', '--demo', '--fail-on', 'widening']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('--fail-on must be one of critical, high, medium, low, info, none');
    const show = await runCli(['history', 'show', '1', '--fail-on', 'any']);
    expect(show.code).toBe(EXIT.usage);
    expect(show.stderr).toContain('--fail-on is for `history diff`');
    const write = await runCli(['contract', 'write', '--fail-on', 'any', '--demo', '-o', join(tempDir(), 'c.json')]);
    expect(write.code).toBe(EXIT.usage);
    expect(write.stderr).toContain('--fail-on is for verify');
  });
});

describe('each command has its own --help', () => {
  it.each([
    ['audit', 'mcp-hintcheck audit: '],
    ['oauth', 'mcp-hintcheck oauth: '],
    ['history', 'mcp-hintcheck history: '],
    ['verify', 'mcp-hintcheck verify: '],
    ['contract', 'mcp-hintcheck contract write: '],
    ['scan', 'mcp-hintcheck scan: '],
    ['doctor', 'Usage: mcp-hintcheck doctor'],
    ['call', 'Usage: mcp-hintcheck call'],
  ])('%s --help', async (command, first) => {
    const run = await runCli([command, '--help']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout.startsWith(first)).toBe(true);
    expect(run.stdout).not.toBe(USAGE);
    expect(run.stdout.split('\n').length).toBeLessThan(USAGE.split('\n').length);
  });

  it('`history list --help` and `contract write --help` are their command’s help; bare --help the general one', async () => {
    expect((await runCli(['history', 'list', '--help'])).stdout).toBe(COMMAND_HELP.history);
    expect((await runCli(['contract', 'write', '--help'])).stdout).toBe(COMMAND_HELP.contract);
    expect((await runCli(['--help'])).stdout).toBe(USAGE);
  });

  it('a command’s help names the options it takes', () => {
    expect(COMMAND_HELP.oauth).toContain('--fail-on SEVERITY');
    expect(COMMAND_HELP.oauth).not.toContain('--max-pages');
    expect(COMMAND_HELP.verify).toContain('--contract FILE');
    expect(COMMAND_HELP.history).toContain('history diff A B');
    expect(COMMAND_HELP.audit).toContain('--exercise');
  });
});

describe('--json is --format json everywhere', () => {
  it('call refuses a format it does not write, naming text and json', async () => {
    const run = await runCli(['call', '--tool', 'x', '--format', 'csv', '--demo']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('--format "csv" is not a format call writes; it writes text or json.');
  });

  it('doctor --format json prints the same JSON as --json', async () => {
    const url = 'http://127.0.0.1:9/mcp';
    const [json, format] = await Promise.all([
      runCli(['doctor', url, '--json', '--timeout', '2000']),
      runCli(['doctor', url, '--format', 'json', '--timeout', '2000']),
    ]);
    const steps = (text: string) =>
      (JSON.parse(text) as { steps: { id: string; outcome: string }[] }).steps.map(({ id, outcome }) => [id, outcome]);
    expect(steps(format.stdout)).toEqual(steps(json.stdout));
    expect(format.code).toBe(json.code);
    expect((await runCli(['doctor', url, '--format', 'sarif'])).code).toBe(EXIT.usage);
  });
});

describe('history diff of two different servers', () => {
  it('says so in a note', async () => {
    const db = join(tempDir(), 'history.db');
    const env = { HINTCHECK_DB: db };
    for (const version of ['v1', 'v2'])
      await runCli(['audit', '--fail-on', 'none', '--', process.execPath, DRIFT_FIXTURE, version], env);
    const same = await runCli(['history', 'diff', '1', '1'], env);
    expect(same.stdout).not.toContain('two different servers');
    const diff = await runCli(['history', 'diff', '1', '2'], env);
    expect(diff.stdout).toContain('Audits #1 and #2 are of two different servers');
  });
});
