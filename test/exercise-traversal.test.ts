// Path confinement and secrets served (issue 46), the built CLI in the real sandbox (bubblewrap +
// strace) against a port of damn-vulnerable-MCP-server's challenge 3 (test/fixtures/exercise/
// path-traversal-server.mjs): its read_file says "Read a file from the public directory" and reads any
// path it is given, so the exercise's traversal arguments (a ../ chain, the canary's absolute path, a
// symlink in the working folder) read the SSH canary: read-outside-folder, seen twice, with the
// argument. The confined variant (same surface; it resolves .. and links and refuses what leaves its
// folder) gets no behaviour finding. `call` reading the canary: result-holds-secret, and no output
// (text, JSON) holds the canary's marker; nor does the exercised report, its text or its SARIF.
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Report, ToolReport } from '../lib/core/report/report';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { runCli } from './cli-run';

const FIXTURE = fileURLToPath(new URL('./fixtures/exercise/path-traversal-server.mjs', import.meta.url));
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
/**
 * The canary's marker (lib/server/exercise/folders.ts: HINTCHECK-CANARY- and 24 random hex
 * characters, unknown to the test): its prefix, or its random part right after a redaction gap.
 */
const CANARY_FRAGMENT = /HINTCHECK-CANARY|CANARY-[0-9a-f]{8}/;

const cli = (args: string[]) => runCli(args, { HOME: tmpdir() });

const exercise = (format: string, ...fixtureArgs: string[]): string[] => [
  'audit',
  '--fail-on',
  'none',
  '--exercise',
  'all',
  '--yes',
  '--no-history',
  '--format',
  format,
  '--',
  process.execPath,
  FIXTURE,
  ...fixtureArgs,
];
const tool = (report: Report, name: string): ToolReport => {
  const found = report.tools.find((one) => one.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
};

describe.skipIf(!SANDBOX)('traversal arguments in the sandbox (damn-vulnerable-MCP-server challenge 3)', () => {
  it('reads the canary through each traversal argument: read-outside-folder, seen twice, with the argument', async () => {
    const run = await cli(exercise('json'));
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    const readFile = tool(report, 'read_file');
    const ids = readFile.flags.map((flag) => flag.id);
    expect(ids).toContain('unconfined-path');
    expect(ids).not.toContain('read-credentials');
    const finding = readFile.flags.find((flag) => flag.id === 'read-outside-folder');
    expect(finding?.severity).toBe('high');
    expect(finding?.message).toMatch(
      /^Given a path outside its folder, it read the canary ~\/\.ssh\/id_ed25519 through filename=(?:\.\.\/){8}tmp\/home\/\.ssh\/id_ed25519, filename=\/tmp\/home\/\.ssh\/id_ed25519, filename=\/tmp\/work\/hintcheck-link\. Evidence: .*openat\(/,
    );
    expect(readFile.behaviour?.status).toBe('contradicted');
    const calls = readFile.behaviour?.calls ?? [];
    expect(calls.filter((call) => call.argumentsFrom === 'traversal')).toHaveLength(3);
    // The generated call read the sample file: no canary read.
    expect(calls.find((call) => call.argumentsFrom === 'generated')?.effects).toEqual([]);
    expect(tool(report, 'search_files').flags.map((flag) => flag.id)).not.toContain('read-outside-folder');
    const credentials = report.surface?.resources.find((one) => one.uri === 'internal://credentials');
    expect(credentials?.flags[0]).toMatchObject({ id: 'serves-credentials', severity: 'critical' });
    expect(run.stdout).not.toMatch(CANARY_FRAGMENT);
  }, 120_000);

  it('the confined variant refuses all three: no behaviour finding', async () => {
    const run = await cli(exercise('json', 'confined'));
    expect(run.code, run.stderr).toBe(0);
    const readFile = tool(JSON.parse(run.stdout) as Report, 'read_file');
    const calls = readFile.behaviour?.calls ?? [];
    expect(calls.filter((call) => call.argumentsFrom === 'traversal')).toHaveLength(3);
    expect(calls.flatMap((call) => call.effects)).toEqual([]);
    expect(readFile.flags.map((flag) => flag.id)).not.toContain('read-outside-folder');
    expect(readFile.behaviour?.status).toBe('observed');
  }, 120_000);

  it('the exercised text and SARIF hold no fragment of the canary', async () => {
    for (const format of ['text', 'sarif']) {
      const run = await cli(exercise(format));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('read-outside-folder');
      expect(run.stdout).not.toMatch(CANARY_FRAGMENT);
      expect(run.stdout).not.toContain('a canary planted by mcp-hintcheck, not a key');
    }
  }, 240_000);

  it('call reading the canary: result-holds-secret, and neither the text nor the JSON holds it', async () => {
    const args = ['call', '--tool', 'read_file', '--args', '{"filename":"/tmp/home/.ssh/id_ed25519"}'];
    const text = await cli([...args, '--', process.execPath, FIXTURE]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain(
      "critical result-holds-secret: The result holds a canary planted by mcp-hintcheck's sandbox in content[0] (not shown).",
    );
    expect(text.stdout).toContain('«redacted» (a canary planted by mcp-hintcheck, not a key)');
    const json = await cli([...args, '--json', '--', process.execPath, FIXTURE]);
    expect(json.code, json.stderr).toBe(1);
    for (const output of [text.stdout, json.stdout]) expect(output).not.toMatch(CANARY_FRAGMENT);
    expect(JSON.parse(json.stdout)).toMatchObject({
      inspection: { findings: [{ id: 'result-holds-secret', severity: 'critical' }] },
    });
  }, 120_000);
});
