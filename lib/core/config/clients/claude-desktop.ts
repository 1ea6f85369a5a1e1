/** Claude Desktop: claude_desktop_config.json in the per-user application folder; local commands only. */
import { appDataDir, joinFor, noShape, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const claudeDesktop: ClientDefinition<'claude-desktop'> = {
  id: 'claude-desktop',
  label: 'Claude Desktop',
  format: 'json',
  variables: 'none',
  reference: 'modelcontextprotocol.io, Connect to local MCP servers (claude_desktop_config.json)',
  locations: (place) => [userFile(joinFor(place.platform)(appDataDir(place), 'Claude', 'claude_desktop_config.json'))],
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      if (parts.command === null && f.value.url !== undefined)
        f.problems.push(
          'Claude Desktop starts only local commands from this file (remote servers are added as connectors)',
        );
      return parts;
    }),
  ownsFile: ({ base }) => base === 'claude_desktop_config.json',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
