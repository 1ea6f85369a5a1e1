// OpenCode's config found in a temporary HOME per platform (user and project), with file, line,
// variables ({env:VAR}) and findings.
import { afterAll, describe, expect, it } from 'vitest';
import { readEntry } from '../../lib/core/config/parse';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  for (const h of homes) h.remove();
});

const USER = `{
  "$schema": "https://opencode.ai/config.json",
  // MCP servers
  "mcp": {
    "oc-local": {
      "type": "local",
      "command": ["npx", "-y", "@acme/oc-mcp"],
      "environment": { "API_TOKEN": "{env:OC_TOKEN}", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      "enabled": true,
    },
    "oc-remote": {
      "type": "remote",
      "url": "http://mcp.example.test/mcp",
      "headers": { "Authorization": "Bearer {env:OC_REMOTE_KEY}" },
      "enabled": false,
    },
    "oc-claude-shape": { "command": "npx", "args": ["-y", "x"] },
  },
}
`;

describe.each(POSIX_PLATFORMS)('OpenCode on %s', (platform) => {
  it('finds ~/.config/opencode/opencode.json and the project opencode.json with file, line, variables and findings', async () => {
    const h = clientHome('opencode', platform);
    homes.push(h);
    expect(h.files.user).toEqual([
      `${h.home}/.config/opencode/opencode.json`,
      `${h.home}/.config/opencode/opencode.jsonc`,
    ]);
    expect(h.files.project).toEqual([`${h.project}/opencode.json`, `${h.project}/opencode.jsonc`]);
    const user = h.write(h.files.user[0] ?? '', USER);
    const project = h.write(
      h.files.project[1] ?? '',
      '{\n  "mcp": { "oc-proj": { "type": "local", "command": ["node", "s.js"] } },\n}\n',
    );
    const { listing } = await h.load();
    expect(
      listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.scope, s.command, s.args, s.disabled]),
    ).toEqual([
      ['opencode', 'oc-local', user, 5, 'user', 'npx', ['-y', '@acme/oc-mcp'], false],
      ['opencode', 'oc-remote', user, 11, 'user', null, [], true],
      ['opencode', 'oc-proj', project, 2, 'project', 'node', ['s.js'], false],
    ]);
    expect(listing.servers[0]?.envSources).toEqual([
      { name: 'API_TOKEN', from: ['{env:OC_TOKEN}'], literal: false },
      { name: 'AWS_SECRET_ACCESS_KEY', from: [], literal: true },
    ]);
    expect(listing.servers[0]?.needs.map((n) => n.key)).toEqual(['env:OC_TOKEN']);
    expect(listing.servers[1]?.headerSources).toEqual([
      { name: 'Authorization', from: ['{env:OC_REMOTE_KEY}'], literal: true },
    ]);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'oc-local:plaintext-secret:5',
        'oc-local:unpinned-package:5',
        'oc-local:caller-secret-passed:5',
        'oc-remote:insecure-url:11',
        'oc-claude-shape:entry-rejected:17',
      ]),
    );
  });
});

describe('OpenCode on win32 (paths only)', () => {
  it('reads %USERPROFILE%\\.config\\opencode and the project folder', () => {
    expect(win32Files('opencode')).toEqual([
      'user C:\\Users\\ann\\.config\\opencode\\opencode.json',
      'user C:\\Users\\ann\\.config\\opencode\\opencode.jsonc',
      'project D:\\src\\app\\opencode.json',
      'project D:\\src\\app\\opencode.jsonc',
    ]);
  });
});

describe('what OpenCode rejects', () => {
  it.each([
    [{ command: 'npx', args: ['x'] }, 'type is missing (local or remote)'],
    [{ type: 'local', command: 'npx', args: ['x'] }, 'args is not allowed here; command is a string, not an array'],
    [{ type: 'local', command: [] }, 'command is missing'],
    [{ type: 'remote', url: 'https://x.test', env: {} }, 'env is not allowed here'],
    [{ type: 'sse', url: 'https://x.test' }, 'type "sse" is not local or remote'],
  ])('%j', (value, reason) => {
    expect(readEntry('opencode', value)).toEqual({ rejected: reason });
  });
});
