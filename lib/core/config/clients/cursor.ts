/** Cursor: ~/.cursor/mcp.json and the project's .cursor/mcp.json; `command` or `url`, `envFile`. */
import { joinFor, noShape, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const cursor: ClientDefinition<'cursor'> = {
  id: 'cursor',
  label: 'Cursor',
  format: 'json',
  variables: 'cursor',
  reference: 'Cursor docs, Model Context Protocol: configuration locations and interpolation',
  locations: (place) => [
    userFile(joinFor(place.platform)(place.home, '.cursor', 'mcp.json')),
    ...projectFile(place, '.cursor', 'mcp.json'),
  ],
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      const type = parts.type;
      const transport =
        type === 'sse'
          ? 'sse'
          : type === 'http' || type === 'streamable-http'
            ? 'streamable-http'
            : url !== null && parts.command === null
              ? 'auto'
              : 'stdio';
      return { ...parts, url, transport };
    }),
  ownsFile: ({ base, parent }) => base === 'mcp.json' && parent === '.cursor',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
