/**
 * Claude Code: ~/.claude.json (user servers, and local ones per project under `projects`), the
 * project's .mcp.json, and the managed managed-mcp.json per OS.
 */
import { joinFor, noShape, projectFile, userFile, type ClientDefinition, type ServersAt } from '../client-definition';
import { isRecord } from '../../is-record';
import { typedRemote } from './typed-remote';

function managedFile(platform: string, env: Readonly<Record<string, string | undefined>>): string {
  if (platform === 'win32')
    return joinFor(platform)(env.PROGRAMDATA ?? 'C:\\ProgramData', 'ClaudeCode', 'managed-mcp.json');
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-mcp.json';
  return '/etc/claude-code/managed-mcp.json';
}

export const claudeCode: ClientDefinition<'claude-code'> = {
  id: 'claude-code',
  label: 'Claude Code',
  format: 'json',
  variables: 'claude-code',
  reference: 'Claude Code docs, MCP: scopes and environment variable expansion in .mcp.json',
  locations: (place) => [
    userFile(joinFor(place.platform)(place.home, '.claude.json')),
    ...projectFile(place, '.mcp.json'),
    { file: managedFile(place.platform, place.env), scope: 'managed', project: null },
  ],
  serversAt: (root) => {
    const at: ServersAt[] = [{ path: ['mcpServers'] }];
    const projects = root.projects;
    if (isRecord(projects))
      for (const project of Object.keys(projects))
        at.push({ path: ['projects', project, 'mcpServers'], scope: 'local', project });
    return at;
  },
  readEntry: typedRemote(['stdio', 'http', 'sse', 'streamable-http'], false),
  ownsFile: ({ base }) => base === '.claude.json' || base === '.mcp.json' || base === 'managed-mcp.json',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "type": "stdio", "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
