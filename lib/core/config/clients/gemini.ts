/** Gemini CLI: ~/.gemini/settings.json and the project's .gemini/settings.json; `httpUrl` or `url` (SSE). */
import { joinFor, noShape, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const gemini: ClientDefinition<'gemini'> = {
  id: 'gemini',
  label: 'Gemini CLI',
  format: 'jsonc',
  variables: 'gemini',
  reference: 'Gemini CLI docs, MCP servers (settings.json: command, url, httpUrl)',
  locations: (place) => [
    userFile(joinFor(place.platform)(place.home, '.gemini', 'settings.json')),
    ...projectFile(place, '.gemini', 'settings.json'),
  ],
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const httpUrl = f.str('httpUrl');
      const sseUrl = f.str('url');
      if (parts.command !== null && (httpUrl ?? sseUrl) !== null)
        f.problems.push('gives both command and a URL; the client uses one transport');
      return {
        ...parts,
        url: httpUrl ?? sseUrl,
        transport: httpUrl !== null ? 'streamable-http' : sseUrl !== null ? 'sse' : 'stdio',
      };
    }),
  ownsFile: ({ base, parent }) => base === 'settings.json' && parent === '.gemini',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
