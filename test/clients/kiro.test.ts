// Kiro's files found in a temporary HOME per platform, with file, line, variables and findings.
import { afterAll, describe, expect, it } from 'vitest';
import { readEntry } from '../../lib/core/config/parse';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  homes.forEach((h) => {
    h.remove();
  });
});

const USER = `{
  "mcpServers": {
    "kiro-fetch": {
      "command": "npx",
      "args": ["-y", "@acme/fetch-mcp"],
      "env": { "API_TOKEN": "\${KIRO_TOKEN}", "GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz0123456789" },
      "autoApprove": ["fetch"]
    },
    "kiro-remote": {
      "url": "http://api.example.test/mcp",
      "headers": { "Authorization": "Bearer \${API_TOKEN}" },
      "disabled": true
    },
    "kiro-bad": { "args": ["x"] }
  }
}
`;

describe.each(POSIX_PLATFORMS)('Kiro on %s', (platform) => {
  it('finds the user and workspace files with file, line, variables and findings', async () => {
    const h = clientHome('kiro', platform);
    homes.push(h);
    expect(h.files.user).toEqual([`${h.home}/.kiro/settings/mcp.json`]);
    expect(h.files.project).toEqual([`${h.project}/.kiro/settings/mcp.json`]);
    const user = h.write(h.files.user[0] ?? '', USER);
    const project = h.write(
      h.files.project[0] ?? '',
      '{\n  "mcpServers": {\n    "kiro-proj": { "command": "node", "args": ["server.js"] }\n  }\n}\n',
    );
    const { listing } = await h.load();
    expect(listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.scope, s.transport])).toEqual([
      ['kiro', 'kiro-fetch', user, 3, 'user', 'stdio'],
      ['kiro', 'kiro-remote', user, 9, 'user', 'auto'],
      ['kiro', 'kiro-proj', project, 3, 'project', 'stdio'],
    ]);
    const fetch = listing.servers[0];
    expect(fetch?.envSources).toEqual([
      { name: 'API_TOKEN', from: ['${KIRO_TOKEN}'], literal: false },
      { name: 'GITHUB_TOKEN', from: [], literal: true },
    ]);
    expect(fetch?.needs.map((n) => n.key)).toEqual(['env:KIRO_TOKEN']);
    expect(listing.servers[1]?.disabled).toBe(true);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'kiro-fetch:plaintext-secret:3',
        'kiro-fetch:unpinned-package:3',
        'kiro-remote:insecure-url:9',
        'kiro-fetch:caller-secret-passed:3',
        'kiro-bad:entry-rejected:14',
      ]),
    );
  });
});

describe('Kiro on win32 (paths only)', () => {
  it('reads the same folders under the user profile and the workspace', () => {
    expect(win32Files('kiro')).toEqual([
      'user C:\\Users\\ann\\.kiro\\settings\\mcp.json',
      'project D:\\src\\app\\.kiro\\settings\\mcp.json',
    ]);
  });
});

describe('what Kiro rejects', () => {
  it.each([
    [{ command: 'npx', url: 'https://x.test/mcp' }, 'gives both command and url; a server is local or remote'],
    [{ command: 'npx', autoApprove: 'all' }, 'autoApprove is a string, not an array'],
    [{ env: {} }, 'command is missing'],
  ])('%j', (value, reason) => {
    expect(readEntry('kiro', value)).toEqual({ rejected: reason });
  });
});
