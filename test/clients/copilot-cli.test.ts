// GitHub Copilot CLI's file found in a temporary HOME per platform (and through COPILOT_HOME), with
// file, line, variables and findings.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEntry } from '../../lib/core/config/parse';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  for (const h of homes) h.remove();
});

const CONFIG = `{
  "mcpServers": {
    "gh-local": {
      "type": "local",
      "command": "npx",
      "args": ["-y", "@acme/gh-mcp"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "\${GH_PAT}" },
      "tools": ["*"]
    },
    "gh-remote": {
      "type": "http",
      "url": "https://api.example.test/mcp/",
      "headers": { "Authorization": "Bearer ghp_abcdefghijklmnopqrstuvwxyz0123456789" },
      "tools": ["*"]
    },
    "gh-sse": { "type": "websocket", "url": "https://x.test" }
  }
}
`;

describe.each(POSIX_PLATFORMS)('GitHub Copilot CLI on %s', (platform) => {
  it('finds ~/.copilot/mcp-config.json with file, line, variables and findings', async () => {
    const h = clientHome('copilot-cli', platform);
    homes.push(h);
    expect(h.files.user).toEqual([`${h.home}/.copilot/mcp-config.json`]);
    const file = h.write(h.files.user[0] ?? '', CONFIG);
    const { listing } = await h.load();
    expect(listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.transport])).toEqual([
      ['copilot-cli', 'gh-local', file, 3, 'stdio'],
      ['copilot-cli', 'gh-remote', file, 10, 'streamable-http'],
    ]);
    expect(listing.servers[0]?.envSources).toEqual([
      { name: 'GITHUB_PERSONAL_ACCESS_TOKEN', from: ['${GH_PAT}'], literal: false },
    ]);
    expect(listing.servers[0]?.needs.map((n) => n.key)).toEqual(['env:GH_PAT']);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'gh-local:unpinned-package:3',
        'gh-local:needs-value:3',
        'gh-remote:plaintext-secret:10',
        'gh-sse:entry-rejected:16',
      ]),
    );
  });

  it('reads the folder COPILOT_HOME names instead', () => {
    const h = clientHome('copilot-cli', platform, { COPILOT_HOME: '/nowhere' });
    homes.push(h);
    expect(h.files.user).toEqual(['/nowhere/mcp-config.json']);
    const dir = join(h.home, 'elsewhere');
    const again = clientHome('copilot-cli', platform, { COPILOT_HOME: dir });
    homes.push(again);
    expect(again.files.user).toEqual([join(dir, 'mcp-config.json')]);
  });
});

describe('GitHub Copilot CLI on win32 (paths only)', () => {
  it('reads %USERPROFILE%\\.copilot, or COPILOT_HOME', () => {
    expect(win32Files('copilot-cli')).toEqual(['user C:\\Users\\ann\\.copilot\\mcp-config.json']);
    expect(win32Files('copilot-cli', { COPILOT_HOME: 'E:\\cop' })).toEqual(['user E:\\cop\\mcp-config.json']);
  });
});

describe('what GitHub Copilot CLI rejects', () => {
  it.each([
    [
      { type: 'websocket', url: 'https://x.test' },
      'type "websocket" is not one of local, stdio, http, sse; command is missing for a stdio entry',
    ],
    [{ type: 'local', command: 'npx', tools: '*' }, 'tools is a string, not an array'],
    [{ type: 'http' }, 'url is missing'],
  ])('%j', (value, reason) => {
    expect(readEntry('copilot-cli', value)).toEqual({ rejected: reason });
  });
});
