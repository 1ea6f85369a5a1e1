/**
 * The MCP clients whose configuration files can be imported, and what each one's file allows:
 * comments or not, which variable syntax it expands, which key holds the servers. Facts from each
 * client's documentation (see docs/config-import.md); nothing here reads a file.
 */

export const CLIENT_IDS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'gemini', 'file'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

/** How a client expands `${...}` in a server entry (see variables.ts). */
export const VARIABLE_SYNTAXES = ['none', 'claude-code', 'vscode', 'cursor', 'windsurf', 'gemini', 'generic'] as const;
export type VariableSyntax = (typeof VARIABLE_SYNTAXES)[number];

export interface ClientDefinition {
  id: ClientId;
  label: string;
  /** The client reads its file as JSON with comments (and trailing commas). */
  jsonc: boolean;
  variables: VariableSyntax;
  /** The top-level key that holds the servers. */
  serversKey: 'mcpServers' | 'servers';
  reference: string;
}

export const CLIENTS: Record<ClientId, ClientDefinition> = {
  'claude-desktop': {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    jsonc: false,
    variables: 'none',
    serversKey: 'mcpServers',
    reference: 'modelcontextprotocol.io, Connect to local MCP servers (claude_desktop_config.json)',
  },
  'claude-code': {
    id: 'claude-code',
    label: 'Claude Code',
    jsonc: false,
    variables: 'claude-code',
    serversKey: 'mcpServers',
    reference: 'Claude Code docs, MCP: scopes and environment variable expansion in .mcp.json',
  },
  cursor: {
    id: 'cursor',
    label: 'Cursor',
    jsonc: false,
    variables: 'cursor',
    serversKey: 'mcpServers',
    reference: 'Cursor docs, Model Context Protocol: configuration locations and interpolation',
  },
  vscode: {
    id: 'vscode',
    label: 'VS Code',
    jsonc: true,
    variables: 'vscode',
    serversKey: 'servers',
    reference: 'VS Code docs, MCP servers: configuration format (servers, inputs, variables)',
  },
  windsurf: {
    id: 'windsurf',
    label: 'Windsurf',
    jsonc: false,
    variables: 'windsurf',
    serversKey: 'mcpServers',
    reference: 'Windsurf docs, Cascade MCP integration (mcp_config.json, serverUrl)',
  },
  gemini: {
    id: 'gemini',
    label: 'Gemini CLI',
    jsonc: true,
    variables: 'gemini',
    serversKey: 'mcpServers',
    reference: 'Gemini CLI docs, MCP servers (settings.json: command, url, httpUrl)',
  },
  file: {
    id: 'file',
    label: 'Configuration file',
    jsonc: true,
    variables: 'generic',
    serversKey: 'mcpServers',
    reference: 'A file given with --config, read in the common mcpServers shape',
  },
};
