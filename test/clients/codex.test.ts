// OpenAI Codex's config.toml found in a temporary HOME per platform (and through CODEX_HOME), with
// file, line, variables and findings.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessClient } from '../../lib/core/config/guess';
import type { ConfigEntry } from '../../lib/core/config/entry';
import { readEntry } from '../../lib/core/config/parse';
import { resolveEntry } from '../../lib/core/config/resolve';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  for (const h of homes) h.remove();
});

const CONFIG = `model = "gpt-5"

[mcp_servers.docs]
command = "npx"
args = ["-y", "@acme/docs-mcp"]
env = { "API_KEY" = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz" }

[mcp_servers.remote]
url = "http://mcp.example.test/mcp"
bearer_token_env_var = "REMOTE_TOKEN"
enabled = false

[mcp_servers."quoted name"]
command = "uvx"
args = ["mcp-server-git"]

[mcp_servers.inline-secret]
url = "https://mcp.example.test/mcp"
bearer_token = "abc"
`;

describe.each(POSIX_PLATFORMS)('OpenAI Codex on %s', (platform) => {
  it('finds ~/.codex/config.toml and the project .codex/config.toml with file, line, variables and findings', async () => {
    const h = clientHome('codex', platform);
    homes.push(h);
    expect(h.files.user).toEqual([`${h.home}/.codex/config.toml`]);
    expect(h.files.project).toEqual([`${h.project}/.codex/config.toml`]);
    const user = h.write(h.files.user[0] ?? '', CONFIG);
    const project = h.write(h.files.project[0] ?? '', '[mcp_servers]\nproj = { command = "node", args = ["s.js"] }\n');
    const { listing } = await h.load();
    expect(listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.scope, s.transport, s.disabled])).toEqual([
      ['codex', 'docs', user, 3, 'user', 'stdio', false],
      ['codex', 'remote', user, 8, 'user', 'streamable-http', true],
      ['codex', 'quoted name', user, 13, 'user', 'stdio', false],
      ['codex', 'proj', project, 2, 'project', 'stdio', false],
    ]);
    expect(listing.servers[0]?.envSources).toEqual([{ name: 'API_KEY', from: [], literal: true }]);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'docs:plaintext-secret:3',
        'docs:unpinned-package:3',
        'remote:insecure-url:8',
        'quoted name:unpinned-package:13',
        'inline-secret:entry-rejected:17',
      ]),
    );
  });

  it('reads CODEX_HOME instead of ~/.codex, and reports a file that is not TOML with its line', async () => {
    const outer = clientHome('codex', platform);
    homes.push(outer);
    const dir = join(outer.home, 'codex-home');
    const moved = clientHome('codex', platform, { CODEX_HOME: dir });
    homes.push(moved);
    expect(moved.files.user).not.toContain(join(moved.home, '.codex', 'config.toml'));
    expect(moved.files.user).toEqual([join(dir, 'config.toml')]);
    moved.write(moved.files.user[0] ?? '', '[mcp_servers.a]\ncommand = "npx"\nargs = [\n');
    const { listing } = await moved.load();
    expect(listing.servers).toEqual([]);
    expect(listing.findings.map((f) => [f.id, f.line])).toEqual([['config-unreadable', 4]]);
  });
});

describe('OpenAI Codex on win32 (paths only)', () => {
  it('reads %USERPROFILE%\\.codex, or CODEX_HOME, and the project', () => {
    expect(win32Files('codex')).toEqual([
      'user C:\\Users\\ann\\.codex\\config.toml',
      'project D:\\src\\app\\.codex\\config.toml',
    ]);
    expect(win32Files('codex', { CODEX_HOME: 'E:\\codex' })[0]).toBe('user E:\\codex\\config.toml');
  });
});

describe('a TOML file given with --config', () => {
  it("is read as Codex's when it has [mcp_servers...] tables, whatever its name", () => {
    expect(guessClient('/tmp/team-mcp.toml', '# team\n[mcp_servers.docs]\ncommand = "npx"\n')).toBe('codex');
    expect(guessClient('/tmp/other.json', '{"mcpServers": {}}')).toBe('file');
  });
});

describe('values OpenAI Codex takes from its own environment by name', () => {
  const ENTRIES = `[mcp_servers.local]
command = "node"
args = ["s.js"]
env = { "LOG_LEVEL" = "debug" }
env_vars = ["GH_TOKEN", "HOME_REGION"]

[mcp_servers.hosted]
url = "https://mcp.example.test/mcp"
http_headers = { "X-Team" = "core" }
env_http_headers = { "X-Api-Key" = "HOSTED_KEY" }
bearer_token_env_var = "HOSTED_TOKEN"
`;

  it('lists env_vars, env_http_headers and bearer_token_env_var as where those values come from', async () => {
    const h = clientHome('codex', 'linux');
    homes.push(h);
    h.write(h.files.user[0] ?? '', ENTRIES);
    const { listing } = await h.load();
    const [local, hosted] = listing.servers;
    expect(local?.envNames).toEqual(['LOG_LEVEL', 'GH_TOKEN', 'HOME_REGION']);
    expect(local?.envSources).toEqual([
      { name: 'LOG_LEVEL', from: [], literal: true },
      { name: 'GH_TOKEN', from: ['env_vars GH_TOKEN'], literal: false },
      { name: 'HOME_REGION', from: ['env_vars HOME_REGION'], literal: false },
    ]);
    expect(hosted?.headerNames).toEqual(['X-Team', 'X-Api-Key', 'Authorization']);
    expect(hosted?.headerSources).toEqual([
      { name: 'X-Team', from: [], literal: true },
      { name: 'X-Api-Key', from: ['env_http_headers HOSTED_KEY'], literal: false },
      { name: 'Authorization', from: ['bearer_token_env_var HOSTED_TOKEN'], literal: true },
    ]);
    // Not set where the scan runs: each is a value the user is asked for, by its variable's name.
    expect(hosted?.needs.map((need) => need.key)).toEqual(['env:HOSTED_KEY', 'env:HOSTED_TOKEN']);
    expect(listing.servers.flatMap((s) => [...s.envNames, ...s.headerNames])).not.toContain('sk-');
  });

  it('launches with the values read from the environment, the bearer token behind "Bearer "', () => {
    const entry = {
      ...(
        readEntry('codex', {
          url: 'https://mcp.example.test/mcp',
          bearer_token_env_var: 'HOSTED_TOKEN',
          env_http_headers: { 'X-Api-Key': 'HOSTED_KEY' },
        }) as { shape: Omit<ConfigEntry, 'id' | 'client' | 'file' | 'line' | 'scope' | 'project' | 'name' | 'inputs'> }
      ).shape,
      id: 'x',
      client: 'codex' as const,
      file: '/h/.codex/config.toml',
      line: 1,
      scope: 'user' as const,
      project: null,
      name: 'hosted',
      inputs: [],
    };
    const context = { home: '/h', projectDir: null, pathSeparator: '/', values: { 'env:HOSTED_KEY': 'key-from-user' } };
    const resolved = resolveEntry(entry, { ...context, env: { HOSTED_TOKEN: 'tok-from-env' } });
    expect(resolved.headers).toEqual({ 'X-Api-Key': 'key-from-user', Authorization: 'Bearer tok-from-env' });
    expect(resolved.needs).toEqual([]);
    expect(resolved.substituted).toEqual(['key-from-user', 'tok-from-env']);
    expect(resolveEntry(entry, { ...context, env: {} }).needs.map((need) => need.key)).toEqual(['env:HOSTED_TOKEN']);
  });
});

describe('what OpenAI Codex rejects', () => {
  it.each([
    [
      { url: 'https://x.test/mcp', bearer_token: 'abc' },
      'bearer_token is not supported: name an environment variable with bearer_token_env_var',
    ],
    [{ command: 'npx', url: 'https://x.test/mcp' }, 'gives both command and url; a server is one or the other'],
    [{ command: 'npx', env_vars: 'HOME' }, 'env_vars is a string, not an array'],
  ])('%j', (value, reason) => {
    expect(readEntry('codex', value)).toEqual({ rejected: reason });
  });
});
