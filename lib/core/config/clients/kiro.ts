/**
 * Kiro (IDE and CLI): ~/.kiro/settings/mcp.json and the workspace's .kiro/settings/mcp.json (the
 * workspace wins); `mcpServers` with command/args/env or url/headers, `disabled`, `autoApprove`,
 * `disabledTools`; `${VAR}` expanded in values.
 */
import { joinFor, noShape, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const kiro: ClientDefinition<'kiro'> = {
  id: 'kiro',
  label: 'Kiro',
  format: 'json',
  variables: 'env-braces',
  reference: 'Kiro docs, MCP configuration (kiro.dev/docs/mcp/configuration)',
  locations: (place) => [
    userFile(joinFor(place.platform)(place.home, '.kiro', 'settings', 'mcp.json')),
    ...projectFile(place, '.kiro', 'settings', 'mcp.json'),
  ],
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      f.strings('autoApprove');
      f.strings('disabledTools');
      if (parts.command !== null && url !== null)
        f.problems.push('gives both command and url; a server is local or remote');
      return { ...parts, url, transport: url !== null && parts.command === null ? 'auto' : 'stdio' };
    }),
  ownsFile: ({ base, parent, grandparent }) => base === 'mcp.json' && parent === 'settings' && grandparent === '.kiro',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"], "disabled": false } } }',
};
