/**
 * Roo Code (the VS Code extension, a fork of Cline), as its source says (RooCodeInc/Roo-Code):
 * - The user file is mcp_settings.json (src/shared/globalFileNames.ts) in the `settings` folder of the
 *   extension's global storage (src/core/webview/ClineProvider.ts ensureSettingsDirectoryExists,
 *   src/utils/storage.ts getSettingsDirectoryPath); the extension is RooVeterinaryInc.roo-cline
 *   (src/package.json), whose storage folder VS Code names rooveterinaryinc.roo-cline. A
 *   `roo-cline.customStoragePath` setting moves the folder (src/utils/storage.ts); that is not followed.
 *   An older cline_mcp_settings.json there is renamed on start (src/utils/migrateSettings.ts).
 * - The project file is .roo/mcp.json in the workspace (src/services/mcp/McpHub.ts getProjectMcpPath).
 * - The entry (src/services/mcp/McpHub.ts ServerConfigSchema, validateServerConfig): `command`
 *   (non-empty), `args`, `env`, `cwd` for stdio; `url` (must parse as a URL before any expansion) and
 *   `headers` for `type` sse or streamable-http; no other type; command and url together, headers on a
 *   stdio entry, or args/env on a url entry are rejected. Shared: `disabled` (boolean), `timeout`
 *   (1 to 3600), `alwaysAllow`, `watchPaths`, `disabledTools` (string arrays); other keys are dropped
 *   (so no envFile). A url entry without `type` is SSE: the file's schema (a union trying stdio, sse,
 *   then streamable-http) gives it type "sse" before the entry is checked.
 * - Variables (src/utils/config.ts injectVariables, called in McpHub.ts connectToServer on the whole
 *   entry): `${env:NAME}` (an unset one stays as written) and `${workspaceFolder}`, nothing else
 *   (`${userHome}` reaches the server as written): the 'roo' syntax (variables.ts).
 */
import { noShape, projectFile, serversUnder, vscodeExtensionFile, type ClientDefinition } from '../client-definition';
import { commonParts, kindOf, readObject } from '../entry-read';

const TYPES = ['stdio', 'sse', 'streamable-http'];
const STORAGE = 'rooveterinaryinc.roo-cline';

export const rooCode: ClientDefinition<'roo-code'> = {
  id: 'roo-code',
  label: 'Roo Code',
  format: 'json',
  variables: 'roo',
  reference: 'Roo Code source, src/services/mcp/McpHub.ts (ServerConfigSchema, .roo/mcp.json, mcp_settings.json)',
  locations: (place) => [
    vscodeExtensionFile(place, STORAGE, 'settings', 'mcp_settings.json'),
    ...projectFile(place, '.roo', 'mcp.json'),
  ],
  serversAt: serversUnder('mcpServers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      const has = (key: string): boolean => f.value[key] !== undefined;
      for (const key of ['alwaysAllow', 'watchPaths', 'disabledTools']) f.strings(key);
      if (has('disabled') && typeof f.value.disabled !== 'boolean')
        f.problems.push(`disabled is ${kindOf(f.value.disabled)}, not a boolean`);
      const timeout = f.value.timeout;
      if (timeout !== undefined && (typeof timeout !== 'number' || timeout < 1 || timeout > 3600))
        f.problems.push('timeout is not a number from 1 to 3600');
      const { type } = parts;
      if (type !== null && !TYPES.includes(type)) f.problems.push(`type "${type}" is not one of ${TYPES.join(', ')}`);
      if (has('command') && has('url')) f.problems.push('gives both command and url; a server is local or remote');
      else if (has('command') && has('headers')) f.problems.push('headers is for a url entry, not a command');
      else if (has('url')) {
        for (const key of ['args', 'env']) if (has(key)) f.problems.push(`${key} is for a command, not a url entry`);
        if (url !== null && !URL.canParse(url)) f.problems.push('url is not a valid URL (checked before expansion)');
      }
      // Without a known type, the fields decide (Roo's schema tries stdio, then sse): url alone is SSE.
      const transport =
        type === 'streamable-http'
          ? 'streamable-http'
          : type === 'stdio' || (type !== 'sse' && (has('command') || url === null))
            ? 'stdio'
            : 'sse';
      return { ...parts, envFile: null, url, transport };
    }),
  ownsFile: ({ base, parent, grandparent }) =>
    (base === 'mcp_settings.json' && parent === 'settings' && grandparent === STORAGE) ||
    (base === 'mcp.json' && parent === '.roo'),
  ownsText: noShape,
  example: '{ "mcpServers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"], "alwaysAllow": [] } } }',
};
