// Cline's file found in VS Code's global storage of a temporary HOME per platform, with file, line,
// variables (none: passed literally) and findings.
import { afterAll, describe, expect, it } from 'vitest';
import { readEntry } from '../../lib/core/config/parse';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  for (const h of homes) h.remove();
});

const STORAGE = 'Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json';

const CONFIG = `{
  "mcpServers": {
    "cline-brave": {
      "command": "npx",
      "args": ["-y", "@acme/brave-search"],
      "env": { "BRAVE_API_KEY": "\${BRAVE_API_KEY}", "OPENAI_API_KEY": "sk-proj-abcdefghijklmnopqrstuvwxyz012345" },
      "disabled": false,
      "autoApprove": []
    },
    "cline-remote": { "url": "http://mcp.example.test/sse", "type": "sse", "disabled": true },
    "cline-bad": { "command": "npx", "autoApprove": "all" }
  }
}
`;

describe.each(POSIX_PLATFORMS)('Cline on %s', (platform) => {
  it("finds cline_mcp_settings.json in VS Code's global storage with file, line, variables and findings", async () => {
    const h = clientHome('cline', platform);
    homes.push(h);
    const base = platform === 'darwin' ? `${h.home}/Library/Application Support` : `${h.home}/.config`;
    expect(h.files.user).toEqual([`${base}/${STORAGE}`]);
    const file = h.write(h.files.user[0] ?? '', CONFIG);
    const { listing } = await h.load();
    expect(listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.transport, s.disabled])).toEqual([
      ['cline', 'cline-brave', file, 3, 'stdio', false],
      ['cline', 'cline-remote', file, 10, 'sse', true],
    ]);
    expect(listing.servers[0]?.needs).toEqual([]);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'cline-brave:variable-not-expanded:3',
        'cline-brave:plaintext-secret:3',
        'cline-brave:unpinned-package:3',
        'cline-remote:insecure-url:10',
        'cline-bad:entry-rejected:11',
      ]),
    );
  });
});

describe('Cline on win32 (paths only)', () => {
  it("reads VS Code's global storage under %APPDATA%", () => {
    expect(win32Files('cline')).toEqual([
      'user C:\\Users\\ann\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
    ]);
  });
});

describe('what Cline rejects', () => {
  it.each([
    [{ command: 'npx', autoApprove: 'all' }, 'autoApprove is a string, not an array'],
    [
      { url: 'https://x.test', type: 'http' },
      'type "http" is not one of stdio, sse, streamableHttp; command is missing for a stdio entry',
    ],
    [{ transportType: 'sse' }, 'url is missing'],
  ])('%j', (value, reason) => {
    expect(readEntry('cline', value)).toEqual({ rejected: reason });
  });
});
