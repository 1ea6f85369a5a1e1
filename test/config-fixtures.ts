// Fixture client configurations: every client's file at the location it documents for an OS,
// written into a temporary HOME and project folder. The paths are spelled out here on purpose
// (not taken from lib/server/config/config-discovery.ts) so the discovery is checked against the docs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './helpers';

export const NODE = process.execPath;
export const RAW = join(ROOT, 'test/fixtures/raw-stdio-server.mjs');
export const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

export type Platform = 'linux' | 'darwin';

/** Documented per-OS paths, relative to HOME (user files) or the project folder. */
type UserFile = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'windsurf' | 'windsurf-old' | 'gemini';
export const USER_FILES: Record<Platform, Record<UserFile, string>> = {
  linux: {
    'claude-desktop': '.config/Claude/claude_desktop_config.json',
    'claude-code': '.claude.json',
    cursor: '.cursor/mcp.json',
    vscode: '.config/Code/User/mcp.json',
    windsurf: '.codeium/windsurf/mcp_config.json',
    'windsurf-old': '.codeium/mcp_config.json',
    gemini: '.gemini/settings.json',
  },
  darwin: {
    'claude-desktop': 'Library/Application Support/Claude/claude_desktop_config.json',
    'claude-code': '.claude.json',
    cursor: '.cursor/mcp.json',
    vscode: 'Library/Application Support/Code/User/mcp.json',
    windsurf: '.codeium/windsurf/mcp_config.json',
    'windsurf-old': '.codeium/mcp_config.json',
    gemini: '.gemini/settings.json',
  },
};
export const PROJECT_FILES = {
  'claude-code': '.mcp.json',
  cursor: '.cursor/mcp.json',
  vscode: '.vscode/mcp.json',
  gemini: '.gemini/settings.json',
} as const;

export function writeText(file: string, text: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/**
 * One file per client and location, each with one or two servers pointing at the project's fixture
 * server and the published servers. Returns the expected (client, name, file, line) of each entry.
 */
export function writeAllClients(home: string, project: string, platform: Platform) {
  const user = USER_FILES[platform];
  const raw = (scenario: string) => ({ command: NODE, args: [RAW, scenario] });
  const files: Record<string, string> = {
    desktop: writeText(
      join(home, user['claude-desktop']),
      JSON.stringify({ mcpServers: { 'raw-basic': raw('basic'), memory: { command: NODE, args: [MEMORY] } } }, null, 2),
    ),
    claudeUser: writeText(
      join(home, user['claude-code']),
      JSON.stringify(
        {
          numStartups: 3,
          mcpServers: { everything: { type: 'stdio', command: NODE, args: [EVERYTHING, 'stdio'] } },
          projects: { [project]: { mcpServers: { 'raw-paged': raw('paged') } } },
        },
        null,
        2,
      ),
    ),
    claudeProject: writeText(
      join(project, PROJECT_FILES['claude-code']),
      JSON.stringify(
        { mcpServers: { 'raw-noise': { command: NODE, args: [RAW, '${SCENARIO:-stdout-noise}'] } } },
        null,
        2,
      ),
    ),
    cursor: writeText(
      join(home, user.cursor),
      JSON.stringify({ mcpServers: { 'cursor-remote': { url: 'https://mcp.example.com/mcp' } } }, null, 2),
    ),
    cursorProject: writeText(
      join(project, PROJECT_FILES.cursor),
      JSON.stringify(
        { mcpServers: { 'cursor-raw': { command: NODE, args: [RAW, 'basic'], env: { HOME_DIR: '${env:HOME}' } } } },
        null,
        2,
      ),
    ),
    vscodeUser: writeText(
      join(home, user.vscode),
      [
        '{',
        '  // user-level servers',
        '  "servers": {',
        '    "vs-remote": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer ${input:pat}" } }',
        '  },',
        '  "inputs": [{ "type": "promptString", "id": "pat", "description": "Personal access token", "password": true }],',
        '}',
      ].join('\n'),
    ),
    vscodeProject: writeText(
      join(project, PROJECT_FILES.vscode),
      JSON.stringify({ servers: { 'vs-raw': { type: 'stdio', command: NODE, args: [RAW, 'basic'] } } }, null, 2),
    ),
    windsurf: writeText(
      join(home, user.windsurf),
      JSON.stringify({ mcpServers: { 'wind-remote': { serverUrl: 'http://mcp.example.org/mcp' } } }, null, 2),
    ),
    windsurfOld: writeText(
      join(home, user['windsurf-old']),
      JSON.stringify({ mcpServers: { 'wind-old': raw('basic') } }, null, 2),
    ),
    gemini: writeText(
      join(home, user.gemini),
      JSON.stringify(
        { theme: 'x', mcpServers: { 'gem-http': { httpUrl: 'https://g.example.com/mcp' }, 'gem-raw': raw('basic') } },
        null,
        2,
      ),
    ),
    geminiProject: writeText(
      join(project, PROJECT_FILES.gemini),
      JSON.stringify({ mcpServers: { 'gem-sse': { url: 'https://g.example.com/sse' } } }, null, 2),
    ),
  };
  const expected = [
    ['claude-desktop', 'raw-basic', files.desktop, 3],
    ['claude-desktop', 'memory', files.desktop, 10],
    ['claude-code', 'everything', files.claudeUser, 4],
    ['claude-code', 'raw-paged', files.claudeUser, 16],
    ['claude-code', 'raw-noise', files.claudeProject, 3],
    ['cursor', 'cursor-remote', files.cursor, 3],
    ['cursor', 'cursor-raw', files.cursorProject, 3],
    ['vscode', 'vs-remote', files.vscodeUser, 4],
    ['vscode', 'vs-raw', files.vscodeProject, 3],
    ['windsurf', 'wind-remote', files.windsurf, 3],
    ['windsurf', 'wind-old', files.windsurfOld, 3],
    ['gemini', 'gem-http', files.gemini, 4],
    ['gemini', 'gem-raw', files.gemini, 7],
    ['gemini', 'gem-sse', files.geminiProject, 3],
  ] as const;
  return { files, expected };
}
