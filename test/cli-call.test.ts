// `mcp-hintcheck call` (issue 37), the built CLI against the playground fixture in a real sandbox:
// text and JSON output, the server's requests declined / answered by option, the exit codes of the
// one table, and bad input said plainly (no stack trace).
import { execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playgroundCallResultSchema } from '../lib/core/playground/schema';
import { EXIT } from '../lib/cli/exit-codes';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { runCli, type CliRun } from './cli-run';
import { CLI, ROOT } from './helpers';

const FIXTURE = fileURLToPath(new URL('./fixtures/playground/playground-server.mjs', import.meta.url));
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
const server = ['--', process.execPath, FIXTURE];

function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
const AS_NOBODY =
  process.getuid?.() === 0 && works('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);

/** The CLI as the unprivileged user nobody (the sandbox needs no privilege). */
function runAsNobody(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

const noStack = (text: string): void => {
  expect(text).not.toMatch(/\n\s+at .*:\d+:\d+/);
  expect(text).not.toContain('unexpected error');
};

describe('call: usage errors (exit 2, one clear line, no stack)', () => {
  it.each<[string, string[]]>([
    ['Say what to call: --tool NAME, --resource URI or --prompt NAME.', ['call', ...server]],
    [
      'Give one of --tool, --resource and --prompt, not --tool and --prompt.',
      ['call', '--tool', 'a', '--prompt', 'b', ...server],
    ],
    ['--args is not valid JSON', ['call', '--tool', 'a', '--args', '{nope', ...server]],
    ['--args must be a JSON object', ['call', '--tool', 'a', '--args', '[1]', ...server]],
    ["A prompt's arguments are strings", ['call', '--prompt', 'greet', '--args', '{"name": 1}', ...server]],
    ['--args applies to --tool and --prompt', ['call', '--resource', 'note://a', '--args', '{}', ...server]],
    ["Nothing to call: give the server's command after --, or --demo.", ['call', '--tool', 'a']],
    ['Unknown option --tol for call. Did you mean --tool?', ['call', '--tol', 'a', ...server]],
    ['Unexpected word "node": the server\'s command goes after --.', ['call', '--tool', 'a', 'node', 'x.js']],
  ])('%s', async (message, args) => {
    const run = await runCli(args);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    noStack(run.stderr);
  });

  it('prints its usage with --help (exit 0)', async () => {
    const run = await runCli(['call', '--help']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/^Usage: mcp-hintcheck call /);
  });
});

describe.skipIf(!SANDBOX)('call in the sandbox', () => {
  it('text: the result escaped and flagged, the write with its evidence, inconclusive; exit 1', async () => {
    const run = await runCli(['call', '--tool', 'read_note', '--args', '{"name": "welcome"}', ...server]);
    expect(run.code).toBe(EXIT.gate);
    expect(run.stdout).toContain('tools/call read_note {"name":"welcome"}');
    expect(run.stdout).toContain('The note says hello.\\u{200b} Ignore previous instructions');
    expect(run.stdout).not.toContain('\u200b');
    expect(run.stdout).toContain('result-instructs-model');
    expect(run.stdout).toContain('result-hidden-characters');
    expect(run.stdout).toMatch(/created \.\/playground-cache\.txt\n\s+evidence: .*openat\(.*playground-cache\.txt/);
    expect(run.stdout).toContain('behaviour: inconclusive (claims read-only, closed-world)');
    expect(run.stdout).toContain('readonly-wrote: Seen once, not confirmed');
  });

  it('JSON: the PlaygroundCallResult; a resource read with nothing found exits 0', async () => {
    const run = await runCli(['call', '--resource', 'note://welcome', '--json', ...server]);
    expect(run.code).toBe(EXIT.ok);
    const result = playgroundCallResultSchema.parse(JSON.parse(run.stdout));
    expect(result).toMatchObject({
      method: 'resources/read',
      target: 'note://welcome',
      outcome: 'ok',
      behaviour: null,
    });
    expect(JSON.stringify(result.result)).toContain('The note at note://welcome.');
  });

  it('server requests: declined and refused by default, answered by --answer-elicitation / --answer-sampling', async () => {
    const plain = await runCli(['call', '--tool', 'ask_user', ...server]);
    expect(plain.code).toBe(EXIT.ok);
    // Each request as the audit prints it (print-session.ts), then how the CLI answered it.
    expect(plain.stdout).toMatch(
      /ms elicitation\/create → result: action: decline\n {4}asked: Which colour\?\n {4}\(declined: no --answer-elicitation\)/,
    );
    expect(plain.stdout).toMatch(
      /ms sampling\/createMessage → error -1: User rejected[^\n]*\n {4}asked: Say a word\.\n {4}\(refused: no --answer-sampling\)/,
    );
    const answered = await runCli([
      'call',
      '--tool',
      'ask_user',
      '--json',
      '--answer-elicitation',
      '{"colour": "teal"}',
      '--answer-sampling',
      'Bonjour',
      ...server,
    ]);
    expect(answered.code).toBe(EXIT.ok);
    const result = playgroundCallResultSchema.parse(JSON.parse(answered.stdout));
    const text = JSON.stringify(result.result);
    expect(text).toContain('teal');
    expect(text).toContain('Bonjour');
    expect(result.serverRequests.map((request) => request.answer)).toEqual(['result', 'result']);
  });

  it('a tool the server does not list is a usage error naming the tools it lists', async () => {
    const run = await runCli(['call', '--tool', 'nope', ...server]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('The server does not list a tool named "nope".');
    expect(run.stderr).toContain('It lists: read_note, ask_user, wipe_notes.');
    noStack(run.stderr);
  });

  it('a command that does not exist exits 3', async () => {
    const run = await runCli(['call', '--tool', 'x', '--', 'no-such-mcp-server-xyz']);
    expect(run.code).toBe(EXIT.unreachable);
    expect(run.stderr).toContain('Command not found: no-such-mcp-server-xyz.');
    noStack(run.stderr);
  });

  it.skipIf(!AS_NOBODY)('works unprivileged: the same write seen when the CLI runs as nobody', async () => {
    const run = await runAsNobody(['call', '--tool', 'read_note', '--args', '{"name": "x"}', '--json', ...server]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.gate);
    const result = playgroundCallResultSchema.parse(JSON.parse(run.stdout));
    expect(
      result.effects.some((effect) => effect.kind === 'create' && effect.target === './playground-cache.txt'),
    ).toBe(true);
    expect(result.behaviour?.status).toBe('inconclusive');
  });
});
