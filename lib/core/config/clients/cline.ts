/**
 * Cline (the VS Code extension): cline_mcp_settings.json in VS Code's global storage for the
 * extension (saoudrizwan.claude-dev/settings/), per OS; `mcpServers` with command/args/env or url,
 * `type` (stdio, sse, streamableHttp; older files say `transportType`), `disabled`, `autoApprove`.
 * No variable expansion is documented: `${...}` reaches the server as written.
 */
import { noShape, serversUnder, vscodeExtensionFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

const TYPES = ['stdio', 'sse', 'streamableHttp'];

export const cline: ClientDefinition<'cline'> = {
  id: 'cline',
  label: 'Cline',
  format: 'json',
  variables: 'none',
  reference: 'Cline docs, Configuring MCP servers (cline_mcp_settings.json)',
  locations: (place) => [vscodeExtensionFile(place, 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json')],
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      f.strings('autoApprove');
      const type = parts.type ?? f.str('transportType');
      if (type !== null && !TYPES.includes(type)) f.problems.push(`type "${type}" is not one of ${TYPES.join(', ')}`);
      const transport =
        type === 'streamableHttp'
          ? 'streamable-http'
          : type === 'sse'
            ? 'sse'
            : type === null && parts.command === null && url !== null
              ? 'auto'
              : 'stdio';
      return { ...parts, url, transport };
    }),
  ownsFile: ({ base }) => base === 'cline_mcp_settings.json',
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"], "autoApprove": [] } } }',
};
