/**
 * GitHub Copilot CLI: mcp-config.json in its configuration folder (~/.copilot, or COPILOT_HOME);
 * `mcpServers` with `type` local/stdio (command, args, env), http or sse (url, headers), `tools`;
 * `${VAR}` expanded in values.
 */
import { joinFor, noShape, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

const TYPES = ['local', 'stdio', 'http', 'sse'];

export const copilotCli: ClientDefinition<'copilot-cli'> = {
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI',
  format: 'json',
  variables: 'env-braces',
  reference: 'GitHub docs, Copilot CLI configuration directory reference and adding MCP servers (mcp-config.json)',
  locations: (place) => {
    const join = joinFor(place.platform);
    return [userFile(join(place.env.COPILOT_HOME ?? join(place.home, '.copilot'), 'mcp-config.json'))];
  },
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      f.strings('tools');
      const { type, command } = parts;
      if (type !== null && !TYPES.includes(type)) f.problems.push(`type "${type}" is not one of ${TYPES.join(', ')}`);
      const transport =
        type === 'http'
          ? 'streamable-http'
          : type === 'sse'
            ? 'sse'
            : type === null && command === null && url !== null
              ? 'auto'
              : 'stdio';
      return { ...parts, url, transport };
    }),
  ownsFile: ({ base }) => base === 'mcp-config.json',
  ownsText: noShape,
  example:
    '{ "mcpServers": { "example": { "type": "local", "command": "npx", "args": ["-y", "pkg@1.0.0"], "tools": ["*"] } } }',
};
