// Form state -> AuditRequest: what the dashboard sends, and the clear error when it cannot.
import { describe, expect, it } from 'vitest';
import { joinCommandLine, splitCommandLine } from '@/lib/core/command-line';
import { unpinnedPackages } from '@/lib/core/config/launch';
import {
  COMMAND_EXAMPLE,
  buildHostedRequest,
  buildLocalRequest,
  type HostedTarget,
  type LocalTarget,
} from './target-request';

const local = (overrides: Partial<LocalTarget>): LocalTarget => ({
  mode: 'line',
  line: '',
  program: '',
  args: '',
  cwd: '',
  env: [],
  ...overrides,
});
const hosted = (overrides: Partial<HostedTarget>): HostedTarget => ({
  url: '',
  transport: 'auto',
  headers: [],
  ...overrides,
});
const row = (name: string, value: string, id = 0) => ({ id, name, value });

describe('buildLocalRequest', () => {
  it.each([
    [
      'a one-line command, split like a shell',
      local({ line: `npx -y "my server" --flag='a b'` }),
      { transport: 'stdio', command: 'npx', args: ['-y', 'my server', '--flag=a b'], env: {}, capabilities: 'host' },
    ],
    [
      'command and arguments, one per line, blank lines dropped',
      local({ mode: 'split', program: ' node ', args: 'server.mjs\n\n--port 1\n' }),
      { transport: 'stdio', command: 'node', args: ['server.mjs', '--port 1'], env: {}, capabilities: 'host' },
    ],
    [
      'an empty value passes the variable from the dashboard environment',
      local({ line: 'srv', env: [row('TOKEN', ''), row('MODE', 'x', 1), row('', '', 2)], cwd: ' /tmp ' }),
      {
        transport: 'stdio',
        command: 'srv',
        args: [],
        env: { TOKEN: null, MODE: 'x' },
        cwd: '/tmp',
        capabilities: 'host',
      },
    ],
    [
      'the capabilities chosen in the select, and the comparison',
      local({ line: 'srv', capabilities: 'none', compareCapabilities: true }),
      { transport: 'stdio', command: 'srv', args: [], env: {}, capabilities: 'none', compareCapabilities: true },
    ],
    [
      'List in the sandbox ticked (unticked, the request says nothing: the host, as the CLI lists)',
      local({ line: 'srv', inSandbox: true }),
      { transport: 'stdio', command: 'srv', args: [], env: {}, sandbox: true, capabilities: 'host' },
    ],
  ])('%s', (_name, form, request) => {
    expect(buildLocalRequest(form)).toEqual({ ok: true, request });
  });

  it.each([
    ['no command', local({ line: '   ' }), 'Type the command'],
    ['an open quote', local({ line: 'npx "oops' }), 'cannot be split'],
    ['a bad variable name', local({ line: 'srv', env: [row('1BAD', 'x')] }), '1BAD'],
    ['a value without a name', local({ line: 'srv', env: [row('', 'x')] }), 'needs a name'],
    ['a variable twice', local({ line: 'srv', env: [row('A', 'x'), row('A', 'y', 1)] }), 'appears twice'],
  ])('refuses %s with a bad-input problem', (_name, form, message) => {
    const result = buildLocalRequest(form);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.code).toBe('bad-input');
      expect(result.problem.message).toContain(message);
    }
  });
});

describe('buildHostedRequest', () => {
  it('keeps the transport and the headers', () => {
    expect(
      buildHostedRequest(
        hosted({ url: ' https://h.test/mcp ', transport: 'sse', headers: [row('Authorization', 'Bearer t')] }),
      ),
    ).toEqual({
      ok: true,
      request: {
        transport: 'sse',
        url: 'https://h.test/mcp',
        headers: { Authorization: 'Bearer t' },
        capabilities: 'host',
      },
    });
  });

  it.each([
    ['no URL', hosted({}), 'Type the URL'],
    ['a header name with a space', hosted({ url: 'https://h.test', headers: [row('X Bad', 'v')] }), 'header name'],
    [
      'the same header in two cases',
      hosted({ url: 'https://h.test', headers: [row('X-A', '1'), row('x-a', '2', 1)] }),
      'twice',
    ],
    ['a URL the API refuses', hosted({ url: 'not a url' }), ''],
  ])('refuses %s', (_name, form, message) => {
    const result = buildHostedRequest(form);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.message).toContain(message);
  });
});

describe('joinCommandLine', () => {
  it.each([[['npx', '-y', 'pkg']], [['node', 'my server.mjs', "it's", '$HOME', '']], [['a"b', 'c\\d', 'tab\there']]])(
    'splitCommandLine gives back %j',
    (words) => {
      expect(splitCommandLine(joinCommandLine(words))).toMatchObject({ ok: true, words });
    },
  );
});

describe('COMMAND_EXAMPLE', () => {
  it('pins its package to an exact version, so the example is not what scan flags', () => {
    const split = splitCommandLine(COMMAND_EXAMPLE);
    const [command = '', ...args] = split.ok ? split.words : [];
    expect(command).toBe('npx');
    expect(unpinnedPackages(command, args)).toEqual([]);
    // The check can fail: the unpinned form is flagged.
    expect(unpinnedPackages('npx', ['-y', '@modelcontextprotocol/server-everything'])).not.toEqual([]);
  });
});
