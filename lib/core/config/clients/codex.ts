/**
 * OpenAI Codex (CLI, IDE extension and app share it): config.toml in CODEX_HOME (default ~/.codex)
 * and, for a trusted project, its .codex/config.toml; `[mcp_servers.NAME]` tables with command,
 * args, env, cwd (stdio) or url, http_headers (Streamable HTTP), bearer_token_env_var, enabled.
 * Codex rejects an inline bearer_token and an entry with both command and url. Values are not expanded.
 */
import { joinFor, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export const codex: ClientDefinition<'codex'> = {
  id: 'codex',
  label: 'OpenAI Codex',
  format: 'toml',
  variables: 'none',
  reference: 'Codex docs, MCP servers in config.toml ([mcp_servers.NAME], bearer_token_env_var, enabled)',
  locations: (place) => {
    const join = joinFor(place.platform);
    return [
      userFile(join(place.env.CODEX_HOME ?? join(place.home, '.codex'), 'config.toml')),
      ...projectFile(place, '.codex', 'config.toml'),
    ];
  },
  serversAt: serversUnder('mcp_servers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      const headers = f.record('http_headers');
      f.str('bearer_token_env_var');
      f.record('env_http_headers');
      f.strings('env_vars');
      if (f.value.bearer_token !== undefined)
        f.problems.push('bearer_token is not supported: name an environment variable with bearer_token_env_var');
      if (parts.command !== null && url !== null)
        f.problems.push('gives both command and url; a server is one or the other');
      return {
        ...parts,
        url,
        headers,
        envFile: null,
        disabled: f.value.enabled === false,
        transport: url !== null && parts.command === null ? 'streamable-http' : 'stdio',
      };
    }),
  ownsFile: ({ base, parent }) => base === 'config.toml' && parent === '.codex',
  ownsText: (text) => /^\s*\[\s*mcp_servers\s*[.\]]/m.test(text),
  example: '[mcp_servers.example]\ncommand = "npx"\nargs = ["-y", "pkg@1.0.0"]\n',
};
