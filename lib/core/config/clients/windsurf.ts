/** Windsurf: ~/.codeium/windsurf/mcp_config.json (and the older ~/.codeium/mcp_config.json); `serverUrl`. */
import { joinFor, noShape, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const windsurf: ClientDefinition<'windsurf'> = {
  id: 'windsurf',
  label: 'Windsurf',
  format: 'json',
  variables: 'windsurf',
  reference: 'Windsurf docs, Cascade MCP integration (mcp_config.json, serverUrl)',
  locations: (place) => {
    const join = joinFor(place.platform);
    return [
      userFile(join(place.home, '.codeium', 'windsurf', 'mcp_config.json')),
      userFile(join(place.home, '.codeium', 'mcp_config.json')),
    ];
  },
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('serverUrl') ?? f.str('url');
      return { ...parts, url, transport: url !== null && parts.command === null ? 'auto' : 'stdio' };
    }),
  ownsFile: ({ base }) => base === 'mcp_config.json',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
