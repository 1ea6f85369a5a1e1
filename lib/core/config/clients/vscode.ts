/** VS Code: mcp.json in the user's Code/User folder and the project's .vscode/mcp.json; `servers` and `inputs`. */
import { appDataDir, joinFor, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { typedRemote } from './typed-remote';

export const vscode: ClientDefinition<'vscode'> = {
  id: 'vscode',
  label: 'VS Code',
  format: 'jsonc',
  variables: 'vscode',
  reference: 'VS Code docs, MCP servers: configuration format (servers, inputs, variables)',
  locations: (place) => [
    userFile(joinFor(place.platform)(appDataDir(place), 'Code', 'User', 'mcp.json')),
    ...projectFile(place, '.vscode', 'mcp.json'),
  ],
  serversAt: serversUnder('servers'),
  readEntry: typedRemote(['stdio', 'http', 'sse'], true),
  ownsFile: ({ base, parent }) => base === 'mcp.json' && (parent === '.vscode' || parent === 'user'),
  ownsText: (text) => /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*\{\s*(?:\/\/[^\n]*\n\s*)*"servers"\s*:/.test(text),
  example: '{ "servers": { "example": { "type": "stdio", "command": "npx", "args": ["-y", "pkg@1.0.0"] } } }',
};
