/**
 * OpenAI Codex (CLI, IDE extension and app share it): config.toml in CODEX_HOME (default ~/.codex)
 * and, for a trusted project, its .codex/config.toml; `[mcp_servers.NAME]` tables with command,
 * args, env, env_vars, cwd (stdio) or url, http_headers, env_http_headers, bearer_token_env_var
 * (Streamable HTTP), enabled. Codex rejects an inline bearer_token and an entry with both command and
 * url. Values are not expanded; env_vars (variables passed on under their own name), env_http_headers
 * (header → variable) and bearer_token_env_var (`Authorization: Bearer $VAR`) name variables of
 * Codex's own environment, shown as the sources of those values.
 */
import { joinFor, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import type { EnvironmentValue } from '../entry';
import { commonParts, readObject, type Fields } from '../entry-read';

/** The values Codex takes from its environment by name, in the order its fields are read. */
function fromEnvironment(f: Fields): EnvironmentValue[] {
  const bearer = f.str('bearer_token_env_var');
  return [
    ...f
      .strings('env_vars')
      .map((variable): EnvironmentValue => ({ into: 'env', name: variable, variable, prefix: '', field: 'env_vars' })),
    ...Object.entries(f.record('env_http_headers')).map(([name, variable]): EnvironmentValue => ({
      into: 'header',
      name,
      variable,
      prefix: '',
      field: 'env_http_headers',
    })),
    ...(bearer === null
      ? []
      : [
          {
            into: 'header',
            name: 'Authorization',
            variable: bearer,
            prefix: 'Bearer ',
            field: 'bearer_token_env_var',
          } as const,
        ]),
  ];
}

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
      const environment = fromEnvironment(f);
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
        fromEnvironment: environment,
        transport: url !== null && parts.command === null ? 'streamable-http' : 'stdio',
      };
    }),
  ownsFile: ({ base, parent }) => base === 'config.toml' && parent === '.codex',
  ownsText: (text) => /^\s*\[\s*mcp_servers\s*[.\]]/m.test(text),
  example: '[mcp_servers.example]\ncommand = "npx"\nargs = ["-y", "pkg@1.0.0"]\n',
};
