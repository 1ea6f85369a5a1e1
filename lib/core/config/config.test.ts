import { describe, expect, it } from 'vitest';
import type { ClientId } from './clients';
import type { VariableSyntax } from './variable-syntax';
import { duplicateFindings, entryFindings } from './findings';
import { insecureUrl, shellLaunch, unpinnedPackages } from './launch';
import { parseConfigFile, readEntry } from './parse';
import { listEntries, resolveEntry } from './resolve';
import { isPlaintextSecret, redactArgs } from './secrets';
import { expandString, type ExpandContext } from './variables';

const CONTEXT: ExpandContext = {
  env: { HOME: '/home/u', API_KEY: 'k-123456789', EMPTY: '' },
  home: '/home/u',
  projectDir: '/work/proj',
  pathSeparator: '/',
  values: { 'input:tok': 'typed-value', 'env:MISSING_SET': 'supplied' },
  inputs: [{ id: 'tok', description: 'Your token', password: true }],
};

describe('expandString', () => {
  it.each<[VariableSyntax, string, string, string[]]>([
    ['claude-code', 'a ${API_KEY} b', 'a k-123456789 b', []],
    ['claude-code', '${NOPE:-fallback}', 'fallback', []],
    ['claude-code', '${EMPTY:-fallback}', 'fallback', []],
    ['claude-code', '${NOPE}', '${NOPE}', ['env:NOPE']],
    ['claude-code', '${MISSING_SET}', 'supplied', []],
    ['claude-code', '${env:API_KEY}', '${env:API_KEY}', []],
    ['vscode', '${env:API_KEY}/${userHome}', 'k-123456789//home/u', []],
    ['vscode', '${input:tok}', 'typed-value', []],
    ['vscode', '${input:other}', '${input:other}', ['input:other']],
    ['vscode', '${workspaceFolder}${/}x', '/work/proj/x', []],
    ['vscode', '${command:pick}', '${command:pick}', ['${command:pick}']],
    ['cursor', '${env:NOPE}', '${env:NOPE}', ['env:NOPE']],
    ['cursor', '${input:tok}', '${input:tok}', ['${input:tok}']],
    ['windsurf', '${env:API_KEY}', 'k-123456789', []],
    ['windsurf', '${userHome}', '${userHome}', ['${userHome}']],
    ['gemini', '$API_KEY and ${API_KEY}', 'k-123456789 and k-123456789', []],
    ['gemini', '$NOPE', '$NOPE', ['env:NOPE']],
    ['env-braces', '${API_KEY} $API_KEY ${NOPE:-x}', 'k-123456789 $API_KEY ${NOPE:-x}', []],
    ['env-braces', '${NOPE}', '${NOPE}', ['env:NOPE']],
    ['opencode', 'Bearer {env:API_KEY} ${API_KEY}', 'Bearer k-123456789 ${API_KEY}', []],
    ['opencode', '{env:NOPE}{file:~/.secret}', '{env:NOPE}{file:~/.secret}', ['env:NOPE', '{file:~/.secret}']],
    ['roo', '${env:API_KEY} ${workspaceFolder}/x', 'k-123456789 /work/proj/x', []],
    ['roo', '${userHome} ${env:NOPE} ${input:tok}', '${userHome} ${env:NOPE} ${input:tok}', ['env:NOPE']],
    ['none', '${API_KEY}', '${API_KEY}', []],
    ['generic', '${env:API_KEY}${API_KEY}', 'k-123456789k-123456789', []],
  ])('%s expands %j to %j', (syntax, text, value, needKeys) => {
    const result = expandString(text, syntax, CONTEXT);
    expect(result.value).toBe(value);
    expect(result.needs.map((need) => need.key)).toEqual(needKeys);
  });

  it('reports the value of an input as a password need with its description', () => {
    const result = expandString('${input:missing}', 'vscode', {
      ...CONTEXT,
      inputs: [{ id: 'missing', description: 'PAT', password: true }],
    });
    expect(result.needs[0]).toMatchObject({ kind: 'input', description: 'PAT', password: true });
  });

  it('lists substituted values so they can be redacted', () => {
    expect(expandString('${API_KEY}', 'claude-code', CONTEXT).substituted).toEqual(['k-123456789']);
  });
});

describe('unpinnedPackages', () => {
  it.each<[string, string[], string[]]>([
    ['npx', ['-y', '@modelcontextprotocol/server-memory'], ['no-version']],
    ['npx', ['-y', '@scope/pkg@latest'], ['latest']],
    ['npx', ['-y', 'pkg@^1.2.0'], ['range']],
    ['npx', ['-y', 'pkg@1.2.3'], []],
    ['npx', ['-y', '@scope/pkg@1.2.3', '--flag'], []],
    ['npx.cmd', ['pkg'], ['no-version']],
    ['/usr/bin/npx', ['--package', 'a@1.0.0', 'bin'], []],
    ['npx', ['--package=a', 'bin'], ['no-version']],
    ['npx', ['./local/server.js'], []],
    ['pnpm', ['dlx', 'pkg'], ['no-version']],
    ['bunx', ['pkg@next'], ['range']],
    ['uvx', ['mcp-server-fetch'], ['no-version']],
    ['uvx', ['mcp-server-fetch@latest'], ['latest']],
    ['uvx', ['mcp-server-fetch==1.2.0'], []],
    ['uvx', ['--from', 'git+https://example.org/x', 'x'], []],
    ['uvx', ['--from', 'pkg>=1', 'x'], ['range']],
    ['uv', ['tool', 'run', 'pkg'], ['no-version']],
    ['node', ['server.js'], []],
  ])('%s %j', (command, args, problems) => {
    expect(unpinnedPackages(command, args).map((p) => p.problem)).toEqual(problems);
  });
});

describe('shellLaunch', () => {
  it.each<[string, string[], string | null]>([
    ['sh', ['-c', 'npx x'], 'sh'],
    ['/bin/bash', ['-lc', 'source ~/.env && x'], 'bash'],
    ['cmd', ['/c', 'npx', 'x'], 'cmd'],
    ['cmd.exe', ['/C', 'x'], 'cmd'],
    ['pwsh', ['-Command', 'x'], 'pwsh'],
    ['bash', ['script.sh'], null],
    ['node', ['-c', 'x'], null],
  ])('%s %j', (command, args, shell) => {
    expect(shellLaunch(command, args)?.shell ?? null).toBe(shell);
  });
});

describe('secrets', () => {
  it.each<[string, string, boolean]>([
    ['GITHUB_TOKEN', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', true],
    ['ANYTHING', 'sk-ant-api03-abcdefghijklmnopqrstuv', true],
    ['API_KEY', 'a-real-looking-value', true],
    ['API_KEY', 'YOUR_API_KEY', false],
    ['API_KEY', '<your key>', false],
    ['API_KEY', 'short', false],
    ['LOG_LEVEL', 'debuggingverbose', false],
    ['Authorization', 'Bearer abcdefghijklmnop', true],
    ['KEYBOARD_LAYOUT', 'us-international', false],
    // Only a variable reference holds no secret, in any syntax (issue 35: Claude Desktop's
    // "${BRAVE_API_KEY}" was called a plain-text secret of 16 characters).
    ['BRAVE_API_KEY', '${BRAVE_API_KEY}', false],
    ['GITHUB_TOKEN', '${env:GITHUB_TOKEN}', false],
    ['API_KEY', '$OPENAI_API_KEY_PROD', false],
    ['API_KEY', '{env:OPENAI_API_KEY}', false],
    ['Authorization', 'Bearer ${GITHUB_TOKEN}', false],
    ['API_KEY', '${API_KEY}-but-also-a-literal-tail', true],
  ])('%s=%s -> %s', (name, value, secret) => {
    expect(isPlaintextSecret(name, value)).toBe(secret);
  });

  it('redacts secret-looking arguments without keeping a fragment', () => {
    const { shown } = redactArgs([
      '--token',
      'abcdef123456',
      '--api-key=zzzzzzzz',
      'ghp_abcdefghijklmnopqrstuvwxyz0123',
      'ok',
    ]);
    expect(shown).toEqual(['--token', '«redacted»', '--api-key=«redacted»', '«redacted»', 'ok']);
  });

  it.each<[string[], string[]]>([
    [
      ['--github-token', 'abc12345xyz'],
      ['--github-token', '«redacted»'],
    ],
    [['--password=hunter2'], ['--password=«redacted»']],
    [
      ['--header', 'Authorization: Bearer abcdefgh12345'],
      ['--header', 'Authorization: Bearer «redacted»'],
    ],
    [
      ['-H', 'X-Api-Key: k3y-value'],
      ['-H', 'X-Api-Key: «redacted»'],
    ],
    [['--url=https://x.example/?key=sk-abcdefghijklmnopqrstuv'], ['--url=https://x.example/?key=«redacted»']],
    [['AKIAABCDEFGHIJKLMNOP'], ['«redacted»']],
    [['xoxb-1234567890-abcdef'], ['«redacted»']],
    [['github_pat_11ABCDEFG0123456789_abcdefghij'], ['«redacted»']],
    [['--seed=Zq8vR2kLm9XwT4bN7cPfH3jD6sYgA1eU'], ['--seed=«redacted»']],
    [['Zq8vR2kLm9XwT4bN7cPfH3jD6sYgA1eU'], ['«redacted»']],
  ])('redacts %j', (args, shown) => {
    expect(redactArgs(args).shown).toEqual(shown);
  });

  it.each<string[]>([
    ['--token-file', '/home/me/.config/token'],
    ['--client-secret-env', 'CLIENT_SECRET'],
    ['--no-auth', 'stdio'],
    ['--token', '${GITHUB_TOKEN}'],
    ['--api-key=$API_KEY'],
    ['3f786850e387550fdab836ed7e6dc881de23001b'],
    ['123e4567-e89b-12d3-a456-426614174000'],
    ['@modelcontextprotocol/server-filesystem@2025.8.21', '/home/me/Projects/SomeVeryLongFolderName2025'],
    ['--log-level', 'debug', 'Content-Type: application/json'],
  ])('keeps %j', (...args) => {
    expect(redactArgs(args).shown).toEqual(args);
  });

  it.each<[string, boolean]>([
    ['http://mcp.example.com/mcp', true],
    ['https://mcp.example.com/mcp', false],
    ['http://127.0.0.1:3000/mcp', false],
    ['http://localhost/mcp', false],
  ])('insecureUrl(%s) = %s', (url, insecure) => {
    expect(insecureUrl(url)).toBe(insecure);
  });
});

describe('readEntry', () => {
  it.each<[ClientId, unknown, string | null]>([
    ['claude-desktop', { command: 'node', args: ['a'] }, null],
    ['claude-desktop', { url: 'https://x/mcp' }, 'connectors'],
    ['claude-desktop', { command: 'node', args: 'a b' }, 'args is a string'],
    ['claude-desktop', { command: 'node', env: { PORT: 3000 } }, 'env.PORT is a number'],
    ['claude-desktop', 'node server.js', 'not an object'],
    ['claude-code', { type: 'http', url: 'https://x/mcp' }, null],
    ['claude-code', { url: 'https://x/mcp' }, 'needs type'],
    ['claude-code', { type: 'websocket', url: 'wss://x' }, 'not one of'],
    ['vscode', { command: 'node' }, 'type is missing'],
    ['vscode', { type: 'stdio', command: 'node' }, null],
    ['cursor', { url: 'https://x/mcp' }, null],
    ['windsurf', { serverUrl: 'https://x/mcp' }, null],
    ['gemini', { httpUrl: 'https://x/mcp' }, null],
    ['gemini', { command: 'node', url: 'https://x/sse' }, 'both'],
    ['gemini', {}, 'command is missing'],
  ])('%s %j', (client, value, rejected) => {
    const read = readEntry(client, value);
    if (rejected === null) expect(read).toHaveProperty('shape');
    else expect('rejected' in read ? read.rejected : '').toContain(rejected);
  });

  it.each<[ClientId, unknown, string]>([
    ['gemini', { httpUrl: 'https://x/mcp' }, 'streamable-http'],
    ['gemini', { url: 'https://x/sse' }, 'sse'],
    ['windsurf', { serverUrl: 'https://x/mcp' }, 'auto'],
    ['claude-code', { type: 'sse', url: 'https://x/sse' }, 'sse'],
    ['cursor', { command: 'npx' }, 'stdio'],
  ])('%s %j is %s', (client, value, transport) => {
    const read = readEntry(client, value);
    expect('shape' in read ? read.shape.transport : null).toBe(transport);
  });
});

describe('parseConfigFile', () => {
  const text = [
    '{',
    '  // comment',
    '  "servers": {',
    '    "good": { "type": "stdio", "command": "node", "args": ["s.js"] },',
    '    "bad": { "command": 42 },',
    '    "remote": { "type": "http", "url": "https://h/mcp", "headers": { "Authorization": "Bearer ${input:tok}" } },',
    '  },',
    '  "inputs": [{ "type": "promptString", "id": "tok", "description": "Token", "password": true }]',
    '}',
  ].join('\n');

  it('keeps the line of each entry, turns a bad entry into a finding and keeps the rest (JSONC)', () => {
    const parsed = parseConfigFile({
      client: 'vscode',
      file: '/p/.vscode/mcp.json',
      text,
      scope: 'project',
      project: '/p',
    });
    expect(parsed.entries.map((entry) => [entry.name, entry.line])).toEqual([
      ['good', 4],
      ['remote', 6],
    ]);
    expect(parsed.findings).toEqual([expect.objectContaining({ id: 'entry-rejected', line: 5, server: 'bad' })]);
    expect(parsed.entries[1]?.inputs).toEqual([{ id: 'tok', description: 'Token', password: true }]);
  });

  it('reports comments in a strict-JSON client and still reads the entries', () => {
    const parsed = parseConfigFile({
      client: 'claude-desktop',
      file: 'c.json',
      text: '{\n // hi\n "mcpServers": { "a": { "command": "node" } }\n}',
      scope: 'user',
      project: null,
    });
    expect(parsed.findings[0]).toMatchObject({ id: 'config-unreadable', line: 2 });
    expect(parsed.entries.map((entry) => entry.name)).toEqual(['a']);
  });

  it.each(['', '[]', '{"mcpServers": []}', '{ "mcpServers": { "a": '])('never throws on %j', (bad) => {
    const parsed = parseConfigFile({ client: 'cursor', file: 'x', text: bad, scope: 'user', project: null });
    expect(parsed.findings.length).toBeGreaterThan(0);
  });

  it('reads Claude Code user and per-project entries', () => {
    const parsed = parseConfigFile({
      client: 'claude-code',
      file: '/h/.claude.json',
      scope: 'user',
      project: null,
      text: JSON.stringify(
        {
          mcpServers: { u: { command: 'node' } },
          projects: { '/w/p': { mcpServers: { l: { type: 'sse', url: 'https://x' } } } },
        },
        null,
        2,
      ),
    });
    expect(parsed.entries.map((e) => [e.name, e.scope, e.project, e.line])).toEqual([
      ['u', 'user', null, 3],
      ['l', 'local', '/w/p', 10],
    ]);
  });
});

describe('listing and findings', () => {
  const parse = (client: ClientId, file: string, servers: Record<string, unknown>) =>
    parseConfigFile({
      client,
      file,
      scope: 'user',
      project: null,
      text: JSON.stringify({ mcpServers: servers }, null, 2),
    });

  it('lists names, never values, and finds every configuration problem', () => {
    const desktop = parse('claude-desktop', '/h/desktop.json', {
      gh: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
      },
      wrapped: { command: 'sh', args: ['-c', 'npx -y thing@latest'] },
    });
    const code = parse('claude-code', '/h/.claude.json', {
      gh: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github@1.0.0'],
        env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' },
      },
      plain: { type: 'http', url: 'http://mcp.example.com/mcp?key=sk-abcdefghijklmnopqrstuvwx' },
    });
    const listing = listEntries([desktop, code], { env: {}, home: '/h', projectDir: null, pathSeparator: '/' });
    const text = JSON.stringify(listing);
    expect(text).not.toContain('ghp_abcdefghijklmnop');
    expect(text).not.toContain('sk-abcdefghijkl');
    expect(listing.servers.find((s) => s.name === 'gh' && s.client === 'claude-desktop')?.envNames).toEqual([
      'GITHUB_TOKEN',
    ]);
    const ids = listing.findings.map((f) => `${f.server ?? ''}:${f.id}`).sort();
    expect(ids).toEqual(
      [
        'gh:caller-secret-passed',
        'gh:duplicate-server',
        'gh:duplicate-server',
        'gh:needs-value',
        'gh:plaintext-secret',
        'gh:unpinned-package',
        'plain:insecure-url',
        'plain:plaintext-secret',
        'wrapped:shell-launch',
      ].sort(),
    );
  });

  it("a variable reference in Claude Desktop's file (which expands none) raises variable-not-expanded only", () => {
    const desktop = parse('claude-desktop', '/h/desktop.json', {
      brave: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-brave-search@0.6.2'],
        env: { BRAVE_API_KEY: '${BRAVE_API_KEY}' },
      },
    });
    const listing = listEntries([desktop], { env: {}, home: '/h', projectDir: null, pathSeparator: '/' });
    expect(listing.findings.map((f) => f.id)).toEqual(['variable-not-expanded']);
  });

  it('does not call the same settings in two clients a duplicate', () => {
    const a = parse('cursor', '/a', { s: { command: 'node', args: ['x'] } });
    const b = parse('windsurf', '/b', { s: { command: 'node', args: ['x'] } });
    expect(duplicateFindings([...a.entries, ...b.entries])).toEqual([]);
  });

  it('resolves an entry for launch with supplied values and records them for redaction', () => {
    const [entry] = parse('claude-code', '/c', {
      s: { command: 'node', args: ['--key', '${K}'], env: { K: '${K}' } },
    }).entries;
    if (entry === undefined) throw new Error('no entry');
    const resolved = resolveEntry(entry, {
      env: {},
      home: '/h',
      projectDir: null,
      pathSeparator: '/',
      values: { 'env:K': 'v-secret' },
    });
    expect(resolved).toMatchObject({
      args: ['--key', 'v-secret'],
      env: { K: 'v-secret' },
      needs: [],
      substituted: ['v-secret'],
    });
    expect(entryFindings(entry, []).map((f) => f.id)).toEqual([]);
  });
});
