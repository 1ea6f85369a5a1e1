// "Approve as contract" prints a verify command with the audited target (issue 37): it must parse
// with the CLI's own parser into the same contract file and the same target, quoted safely.
import { describe, expect, it } from 'vitest';
import { serverIdentity } from '@/lib/core/history/entry';
import { splitCommandLine } from '@/lib/core/command-line';
import { parseTarget } from '@/lib/cli/args';
import { parseSurfaceArgs } from '@/lib/cli/surface-options';
import { verifyCommand } from './verify-command';

const DEMO = { command: 'node', args: ['demo.mjs'] };

function parsed(line: string) {
  const split = splitCommandLine(line);
  if (!split.ok) throw new Error(split.error);
  const [program, ...argv] = split.words;
  expect(program).toBe('mcp-hintcheck');
  const { values, positionals } = parseSurfaceArgs(argv);
  expect(positionals[0]).toBe('verify');
  return { contract: values.contract, target: parseTarget(values, positionals.slice(1), DEMO) };
}

describe('verifyCommand', () => {
  it('a local command, with spaces and quotes in its words, parses back to the same command', () => {
    const identity = serverIdentity({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', "it's a dir/with space", '$HOME'],
      cwd: null,
      envNames: [],
    });
    const line = verifyCommand("acme's contract.json", { identity, transport: 'stdio' });
    const { contract, target } = parsed(line);
    expect(contract).toBe("acme's contract.json");
    expect(target).toMatchObject({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', "it's a dir/with space", '$HOME'],
    });
  });

  it('a command run in another folder keeps its folder (--cwd)', () => {
    const identity = serverIdentity({
      transport: 'stdio',
      command: 'npx',
      args: ['srv'],
      cwd: '/tmp/my project',
      envNames: [],
    });
    const { target } = parsed(verifyCommand('c.json', { identity, transport: 'stdio' }));
    expect(target).toMatchObject({ transport: 'stdio', command: 'npx', args: ['srv'], cwd: '/tmp/my project' });
  });

  it('a hosted server is given by --url', () => {
    const url = 'https://mcp.acme.test/mcp?x=1&y=2';
    const { target } = parsed(verifyCommand('c.json', { identity: url, transport: 'streamable-http' }));
    expect(target).toMatchObject({ url });
  });
});
