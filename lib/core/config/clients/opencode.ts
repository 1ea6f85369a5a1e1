/**
 * OpenCode: the `mcp` key of opencode.json(c) in ~/.config/opencode (or $XDG_CONFIG_HOME/opencode)
 * and in the project folder; JSON with comments. `{type: "local", command: [...], environment,
 * enabled}` or `{type: "remote", url, headers, enabled}`; the schema allows no other keys (`args`,
 * `env` are errors). `{env:VAR}` expanded in values.
 */
import { joinFor, noShape, projectFile, serversUnder, userFile, type ClientDefinition } from '../client-definition';
import { readObject } from '../entry-read';

const LOCAL_KEYS = ['type', 'command', 'environment', 'enabled', 'timeout'];
const REMOTE_KEYS = ['type', 'url', 'headers', 'enabled', 'timeout', 'oauth'];
const FILES = ['opencode.json', 'opencode.jsonc'];

export const opencode: ClientDefinition<'opencode'> = {
  id: 'opencode',
  label: 'OpenCode',
  format: 'jsonc',
  variables: 'opencode',
  reference: 'OpenCode docs, MCP servers and Config (opencode.ai/docs/mcp-servers, opencode.ai/docs/config)',
  locations: (place) => {
    const join = joinFor(place.platform);
    const dir = join(place.env.XDG_CONFIG_HOME ?? join(place.home, '.config'), 'opencode');
    return [...FILES.map((name) => userFile(join(dir, name))), ...FILES.flatMap((name) => projectFile(place, name))];
  },
  serversAt: serversUnder('mcp'),
  readEntry: (value) =>
    readObject(value, (f) => {
      const type = f.str('type');
      const disabled = f.value.enabled === false;
      const base = { cwd: null, envFile: null, disabled, args: [], env: {}, headers: {}, command: null, url: null };
      const extra = (allowed: string[]): void => {
        const unknown = Object.keys(f.value).filter((key) => !allowed.includes(key));
        if (unknown.length > 0)
          f.problems.push(`${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not allowed here`);
      };
      if (type === 'remote') {
        extra(REMOTE_KEYS);
        return { ...base, transport: 'auto', url: f.str('url'), headers: f.record('headers') };
      }
      if (type !== 'local') {
        f.problems.push(type === null ? 'type is missing (local or remote)' : `type "${type}" is not local or remote`);
        return { ...base, transport: 'stdio', command: 'rejected above' }; // never launched: the entry is rejected
      }
      extra(LOCAL_KEYS);
      const command = f.strings('command');
      return {
        ...base,
        transport: 'stdio',
        command: command[0] ?? null,
        args: command.slice(1),
        env: f.record('environment'),
      };
    }),
  ownsFile: ({ base }) => FILES.includes(base),
  ownsText: noShape,
  example: '{ "mcp": { "example": { "type": "local", "command": ["npx", "-y", "pkg@1.0.0"], "enabled": true } } }',
};
