// Roo Code's files found in a temporary HOME per platform (VS Code's global storage and the project's
// .roo/mcp.json), with file, line, transport, variables (${env:VAR} and ${workspaceFolder}, nothing
// else) and findings; which files are Roo's and not Cline's; what Roo's schema rejects.
import { afterAll, describe, expect, it } from 'vitest';
import { guessClient } from '../../lib/core/config/guess';
import { readEntry } from '../../lib/core/config/parse';
import { clientHome, POSIX_PLATFORMS, win32Files, type ClientHome } from '../client-home';

const homes: ClientHome[] = [];
afterAll(() => {
  for (const h of homes) h.remove();
});

const STORAGE = 'Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json';

const USER = `{
  "mcpServers": {
    "roo-brave": {
      "command": "npx",
      "args": ["-y", "@acme/brave-search"],
      "env": { "BRAVE_API_KEY": "\${env:BRAVE_API_KEY}", "OPENAI_API_KEY": "sk-proj-abcdefghijklmnopqrstuvwxyz012345" },
      "alwaysAllow": ["search"],
      "timeout": 120
    },
    "roo-sse": { "url": "http://mcp.example.test/sse", "disabled": true },
    "roo-http": { "type": "streamable-http", "url": "https://mcp.example.test/mcp", "headers": { "X-Team": "\${env:TEAM}" } },
    "roo-bad": { "command": "npx", "url": "https://mcp.example.test/mcp" }
  }
}
`;

const PROJECT = `{
  "mcpServers": {
    "roo-proj": { "command": "node", "args": ["\${workspaceFolder}/server.js", "\${userHome}/notes"], "disabledTools": [] }
  }
}
`;

describe.each(POSIX_PLATFORMS)('Roo Code on %s', (platform) => {
  it("finds mcp_settings.json in VS Code's global storage and .roo/mcp.json, with file, line, variables and findings", async () => {
    const h = clientHome('roo-code', platform, { TEAM: 'blue' });
    homes.push(h);
    const base = platform === 'darwin' ? `${h.home}/Library/Application Support` : `${h.home}/.config`;
    expect(h.files.user).toEqual([`${base}/${STORAGE}`]);
    expect(h.files.project).toEqual([`${h.project}/.roo/mcp.json`]);
    const user = h.write(h.files.user[0] ?? '', USER);
    const project = h.write(h.files.project[0] ?? '', PROJECT);
    const { listing } = await h.load();
    expect(listing.servers.map((s) => [s.client, s.name, s.file, s.line, s.scope, s.transport, s.disabled])).toEqual([
      ['roo-code', 'roo-brave', user, 3, 'user', 'stdio', false],
      ['roo-code', 'roo-sse', user, 10, 'user', 'sse', true],
      ['roo-code', 'roo-http', user, 11, 'user', 'streamable-http', false],
      ['roo-code', 'roo-proj', project, 3, 'project', 'stdio', false],
    ]);
    const [brave, , http, proj] = listing.servers;
    expect(brave?.needs.map((n) => [n.kind, n.key])).toEqual([['env', 'env:BRAVE_API_KEY']]);
    expect(http?.needs).toEqual([]);
    // ${workspaceFolder} is the project's folder, as Roo fills it in; ${userHome} is no variable to Roo.
    expect(proj?.needs).toEqual([]);
    const ids = listing.findings.map((f) => `${f.server ?? '-'}:${f.id}:${f.line}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'roo-brave:plaintext-secret:3',
        'roo-brave:unpinned-package:3',
        'roo-brave:caller-secret-passed:3',
        'roo-sse:insecure-url:10',
        'roo-bad:entry-rejected:12',
      ]),
    );
    expect(ids.filter((id) => id.includes('variable-not-expanded'))).toEqual([]);
  });
});

describe('Roo Code on win32 (paths only)', () => {
  it("reads VS Code's global storage under %APPDATA% and the project's .roo folder", () => {
    expect(win32Files('roo-code')).toEqual([
      'user C:\\Users\\ann\\AppData\\Roaming\\Code\\User\\globalStorage\\rooveterinaryinc.roo-cline\\settings\\mcp_settings.json',
      'project D:\\src\\app\\.roo\\mcp.json',
    ]);
  });
});

describe("Roo Code's files given with --config", () => {
  it.each([
    ['/h/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json', 'roo-code'],
    [
      'C:\\Users\\ann\\AppData\\Roaming\\Code\\User\\globalStorage\\RooVeterinaryInc.roo-cline\\settings\\mcp_settings.json',
      'roo-code',
    ],
    ['/src/app/.roo/mcp.json', 'roo-code'],
    ['/h/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json', 'cline'],
    ['/h/.config/Code/User/globalStorage/other.extension/settings/mcp_settings.json', 'file'],
    ['/src/app/.cursor/mcp.json', 'cursor'],
  ])('%s is read as %s', (file, client) => {
    expect(guessClient(file, '{"mcpServers":{}}')).toBe(client);
  });
});

describe('what Roo Code rejects', () => {
  it.each([
    [{ command: 'npx', url: 'https://x.test/mcp' }, 'gives both command and url; a server is local or remote'],
    [{ url: 'https://x.test/mcp', type: 'http' }, 'type "http" is not one of stdio, sse, streamable-http'],
    [{ command: 'npx', headers: { A: 'b' } }, 'headers is for a url entry, not a command'],
    [{ url: 'https://x.test/sse', env: { A: 'b' } }, 'env is for a command, not a url entry'],
    [{ url: '${env:MCP_URL}', type: 'sse' }, 'url is not a valid URL (checked before expansion)'],
    [{ type: 'sse', command: 'npx' }, 'url is missing'],
    [{ type: 'stdio', url: 'https://x.test/mcp' }, 'command is missing for a stdio entry'],
    [{ command: 'npx', timeout: 0 }, 'timeout is not a number from 1 to 3600'],
    [{ command: 'npx', disabled: 'yes' }, 'disabled is a string, not a boolean'],
    [{ command: 'npx', alwaysAllow: 'all' }, 'alwaysAllow is a string, not an array'],
    [{ command: '' }, 'command is empty'],
  ])('%j', (value, reason) => {
    expect(readEntry('roo-code', value)).toEqual({ rejected: reason });
  });

  it('reads a url entry without type as SSE, and drops keys its schema does not know (envFile)', () => {
    expect(readEntry('roo-code', { url: 'https://x.test/sse' })).toMatchObject({
      shape: { transport: 'sse', url: 'https://x.test/sse' },
    });
    expect(readEntry('roo-code', { command: 'node', envFile: '.env' })).toMatchObject({
      shape: { transport: 'stdio', envFile: null },
    });
  });
});
