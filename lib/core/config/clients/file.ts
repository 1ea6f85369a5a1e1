/**
 * A file given with --config that no client recognises: read in the common `mcpServers` shape (or
 * VS Code's `servers` when that is the key it has), with `command`, `url`/`serverUrl`/`httpUrl`, `type`.
 */
import { noShape, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const file: ClientDefinition<'file'> = {
  id: 'file',
  label: 'Configuration file',
  format: 'jsonc',
  variables: 'generic',
  reference: 'A file given with --config, read in the common mcpServers shape',
  locations: () => [],
  serversAt: (root) => [
    { path: [root.mcpServers === undefined && root.servers !== undefined ? 'servers' : 'mcpServers'] },
  ],
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url') ?? f.str('serverUrl') ?? f.str('httpUrl');
      const { type } = parts;
      const transport =
        type === 'http' || type === 'streamable-http'
          ? 'streamable-http'
          : type === 'sse'
            ? 'sse'
            : url !== null && parts.command === null
              ? 'auto'
              : 'stdio';
      return { ...parts, url, transport };
    }),
  ownsFile: () => false,
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
