// The CLI's rough edges of issue 37, through the built CLI as a user runs it: a bad --calls file is
// a usage error before anything starts, a mistyped option or command gets a "did you mean", a bad
// --exercise mode is named as such, and the hint after a server's exit fits what happened.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { runCli, tempDir } from './cli-run';
import { RAW_FIXTURE } from './helpers';

const API_KEY_HINT = /needs an API key/;

/** A server command that leaves a file behind when it is started: proof that nothing ran. */
function markingServer(): { mark: string; argv: string[] } {
  const mark = join(tempDir(), 'started');
  return {
    mark,
    argv: ['--', process.execPath, '-e', `require('node:fs').writeFileSync(${JSON.stringify(mark)}, 'x')`],
  };
}

describe('--calls FILE is checked before anything starts', () => {
  it.each([
    ['a missing file', (dir: string) => join(dir, 'nope.json'), /--calls .*nope\.json: no such file\./],
    [
      'a file that is not JSON',
      (dir: string) => {
        writeFileSync(join(dir, 'calls.json'), '{"echo": {');
        return join(dir, 'calls.json');
      },
      /--calls .*calls\.json: not JSON/,
    ],
    [
      'arguments that are not an object',
      (dir: string) => {
        writeFileSync(join(dir, 'calls.json'), '{"echo": 3}');
        return join(dir, 'calls.json');
      },
      /the arguments for "echo" must be an object/,
    ],
  ])('%s: usage error (exit 2), no stack, the server never started', async (_what, make, message) => {
    const { mark, argv } = markingServer();
    const result = await runCli(['audit', '--exercise', '--yes', '--no-history', '--calls', make(tempDir()), ...argv]);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/unexpected error|\n\s+at /);
    expect(result.stderr).toMatch(/try: Give a JSON file/);
    expect(result.code).toBe(EXIT.usage);
    expect(existsSync(mark)).toBe(false);
    expect(result.stdout).toBe('');
  });

  it('a tool name the server does not list: usage error after the listing, nothing called', async () => {
    const file = join(tempDir(), 'calls.json');
    writeFileSync(file, '{"no_such_tool": {}}');
    const result = await runCli(['audit', '--demo', '--exercise', 'all', '--yes', '--no-history', '--calls', file]);
    expect(result.stderr).toMatch(/--calls names "no_such_tool", which the server does not list; nothing was called/);
    expect(result.stderr).not.toMatch(/unexpected error|\n\s+at /);
    expect(result.code).toBe(EXIT.usage);
  }, 60_000);
});

describe('mistyped words', () => {
  it('audit --dmeo: our own message, balanced quotes, "did you mean --demo", advice that fits', async () => {
    const result = await runCli(['audit', '--dmeo']);
    expect(result.code).toBe(EXIT.usage);
    const first = result.stderr.split('\n')[0] ?? '';
    expect(first).toBe('mcp-hintcheck: Unknown option --dmeo for audit. Did you mean --demo?');
    expect(result.stderr).not.toMatch(/To specify a positional argument/);
    expect(result.stderr).toMatch(/An option meant for the server goes after -- with its command/);
  });

  it('--url without a value says so', async () => {
    const result = await runCli(['audit', '--url']);
    expect(result.stderr.split('\n')[0]).toBe('mcp-hintcheck: --url needs a value, as in --url VALUE.');
    expect(result.code).toBe(EXIT.usage);
  });

  it('adit: "did you mean audit"', async () => {
    const result = await runCli(['adit', '--demo']);
    expect(result.stderr).toMatch(/Unknown command "adit"\. Did you mean audit\?/);
    expect(result.code).toBe(EXIT.usage);
  });

  it.each([
    [['audit', '--exercise', 'bogus', '--demo'], /--exercise takes checkable or all, not "bogus"\./],
    [
      ['audit', '--exercise', 'bogus', '--', process.execPath, RAW_FIXTURE],
      /--exercise takes checkable or all, not "bogus"\./,
    ],
    [['audit', '--exercise', 'checkabel', '--demo'], /not "checkabel"\. Did you mean checkable\?/],
  ])('%j names the mode, not the target', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/Give exactly one target|Command not found/);
    expect(result.code).toBe(EXIT.usage);
  });
});

describe('the hint after a server exits fits what happened', () => {
  it('a missing module: check the path and the install, not an API key', async () => {
    const result = await runCli(['audit', '--no-history', '--', process.execPath, join(tempDir(), 'missing.js')]);
    expect(result.code).toBe(EXIT.unreachable);
    expect(result.stdout + result.stderr).toMatch(/A file the server needs is missing/);
    expect(result.stdout + result.stderr).not.toMatch(API_KEY_HINT);
  });

  it('a crash on page 2, after the server answered: a crash, not a missing setting', async () => {
    const result = await runCli(['audit', '--no-history', '--', process.execPath, RAW_FIXTURE, 'crash-mid-list']);
    expect(result.code).toBe(EXIT.unreachable);
    expect(result.stdout).toMatch(/The server had answered, then stopped at tools\/list page 2/);
    expect(result.stdout).not.toMatch(API_KEY_HINT);
  });

  it('an exit before answering that names a missing key keeps the API-key hint', async () => {
    const result = await runCli(['audit', '--no-history', '--', process.execPath, RAW_FIXTURE, 'exit-early']);
    expect(result.stdout).toMatch(API_KEY_HINT);
  });
});
