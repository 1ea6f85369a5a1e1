/**
 * The entry shape Claude Code and VS Code share: `type` names the transport (stdio, http, sse), and
 * a url entry needs one (VS Code requires it on every entry).
 */
import type { EntryRead } from '../client-definition';
import { commonParts, readObject } from '../entry-read';

export function typedRemote(allowed: readonly string[], typeRequired: boolean): (value: unknown) => EntryRead {
  return (value) =>
    readObject(value, (f) => {
      const parts = commonParts(f);
      const url = f.str('url');
      const { type, command } = parts;
      if (type === null) {
        if (typeRequired) f.problems.push('type is missing (stdio, http or sse)');
        else if (command === null && url !== null) f.problems.push('a url entry needs type "http" or "sse"');
      } else if (!allowed.includes(type)) f.problems.push(`type "${type}" is not one of ${allowed.join(', ')}`);
      const transport =
        type === 'http' || type === 'streamable-http' ? 'streamable-http' : type === 'sse' ? 'sse' : 'stdio';
      return { ...parts, url, transport };
    });
}
