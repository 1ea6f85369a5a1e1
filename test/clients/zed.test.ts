// Zed's settings found in a temporary HOME per platform (user and project), with file, line,
// variables (none: passed literally) and findings.
import { afterAll, describe, expect, it } from 'vitest';
import { readEntry } from '../../lib/core/config/parse';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  for (const h of homes) h.remove();
});

const USER = `// Zed settings (JSON with comments)
{
  "theme": "One Dark",
  "context_servers": {
    "zed-fetch": {
      "source": "custom",
      "command": "uvx",
      "args": ["mcp-server-fetch"],
      "env": { "FETCH_TOKEN": "\${FETCH_TOKEN}" },
    },
    "zed-old": {
      "command": { "path": "npx", "args": ["-y", "@acme/old-mcp"], "env": { "API_KEY": "sk-ant-api03-abcdefghijklmnopqrstuvwxyz" } },
    },
    "zed-remote": { "url": "http://mcp.example.test/mcp", "headers": { "X-Key": "\${KEY}" } },
    "zed-ext": { "source": "extension", "settings": {} },
  },
}
`;

describe.each(POSIX_PLATFORMS)('Zed on %s', (platform) => {
  it('finds ~/.config/zed/settings.json and .zed/settings.json with file, line, variables and findings', async () => {
    const h = clientHome('zed', platform);
    homes.push(h);
    expect(h.files.user).toEqual([`${h.home}/.config/zed/settings.json`]);
    expect(h.files.project).toEqual([`${h.project}/.zed/settings.json`]);
    const user = h.write(h.files.user[0] ?? '', USER);
    const project = h.write(
      h.files.project[0] ?? '',
      '{ "context_servers": { "zed-proj": { "command": "node", "args": ["s.js"] } } }',
    );
    const { listing } = await h.load();
    expect(listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.scope, s.command])).toEqual([
      ['zed', 'zed-fetch', user, 5, 'user', 'uvx'],
      ['zed', 'zed-old', user, 11, 'user', 'npx'],
      ['zed', 'zed-remote', user, 14, 'user', null],
      ['zed', 'zed-proj', project, 1, 'project', 'node'],
    ]);
    expect(listing.servers[0]?.needs).toEqual([]);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'zed-fetch:variable-not-expanded:5',
        'zed-old:plaintext-secret:11',
        'zed-old:unpinned-package:11',
        'zed-remote:insecure-url:14',
        'zed-ext:entry-rejected:15',
      ]),
    );
  });
});

describe('Zed on win32 (paths only)', () => {
  it("reads %APPDATA%\\Zed\\settings.json and the project's .zed folder", () => {
    expect(win32Files('zed')).toEqual([
      'user C:\\Users\\ann\\AppData\\Roaming\\Zed\\settings.json',
      'project D:\\src\\app\\.zed\\settings.json',
    ]);
  });
});

describe('what Zed rejects', () => {
  it.each([
    [
      { source: 'extension', settings: {} },
      'the server comes from a Zed extension; its command is not in this file; command is missing',
    ],
    [{ command: { path: 3 } }, 'command.path is a number, not a string'],
  ])('%j', (value, reason) => {
    expect(readEntry('zed', value)).toEqual({ rejected: reason });
  });
});
