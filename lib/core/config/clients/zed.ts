/**
 * Zed: `context_servers` in its settings.json (~/.config/zed on Linux and macOS, %APPDATA%\Zed on
 * Windows) and the project's .zed/settings.json; JSON with comments. An entry is a command
 * (`command`, `args`, `env`, or the older `command: {path, args, env}`) or a remote `url` with
 * `headers`; entries an extension provides carry no command in the file. No variable expansion.
 */
import {
  appDataDir,
  joinFor,
  noShape,
  projectFile,
  serversUnder,
  userFile,
  type ClientDefinition,
} from '../client-definition';
import { isRecord } from '../../is-record';
import { commonParts, fields, readObject } from '../entry-read';

function userSettings(platform: string, home: string, env: Readonly<Record<string, string | undefined>>): string {
  const join = joinFor(platform);
  if (platform === 'win32') return join(appDataDir({ platform, home, env, projectDir: null }), 'Zed', 'settings.json');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'zed', 'settings.json');
}

export const zed: ClientDefinition<'zed'> = {
  id: 'zed',
  label: 'Zed',
  format: 'jsonc',
  variables: 'none',
  reference: 'Zed docs, Model Context Protocol (context_servers) and settings file locations',
  locations: (place) => [
    userFile(userSettings(place.platform, place.home, place.env)),
    ...projectFile(place, '.zed', 'settings.json'),
  ],
  serversAt: serversUnder('context_servers'),
  readEntry: (value) =>
    readObject(value, (f) => {
      if (isRecord(f.value.command)) {
        // The older shape: command: { path, args, env }.
        const inner = fields(f.value.command);
        const parts = {
          ...commonParts(fields({ ...f.value, command: undefined })),
          command: inner.str('path'),
          args: inner.strings('args'),
          env: inner.record('env'),
        };
        f.problems.push(...inner.problems.map((p) => `command.${p}`));
        return parts;
      }
      const parts = commonParts(f);
      const url = f.str('url');
      if (parts.command === null && url === null && f.value.source === 'extension')
        f.problems.push('the server comes from a Zed extension; its command is not in this file');
      return { ...parts, url, transport: url !== null && parts.command === null ? 'auto' : 'stdio' };
    }),
  ownsFile: ({ base, parent }) => base === 'settings.json' && (parent === 'zed' || parent === '.zed'),
  ownsText: noShape,
  example: '{ /* Zed */ "context_servers": { "example": { "command": "npx", "args": ["-y", "pkg@1.0.0"] } }, }',
};
