/**
 * The tool names two servers of a session share (compared as hosts compare them, builtins.ts), pair
 * by pair, and whether each shared tool is the same on both: the same description, title and input
 * schema (RFC 8785 canonical JSON). The same name with the same text is one server configured twice
 * or the same tool twice (tool-name-collision.ts); with different text, one takes the other's place
 * (tool-shadowing.ts).
 */
import { canonicalJson } from '../contract/canonical-json';
import type { ToolReport } from '../report/report';
import { normalToolName } from './builtins';
import type { SessionServer } from './session-rule';

export interface SharedTool {
  mine: ToolReport;
  theirs: ToolReport;
  /** What differs, in words ("description", "title", "input schema"); empty when the tools are the same. */
  differs: string[];
}

export interface SharedNames {
  first: SessionServer;
  second: SessionServer;
  shared: SharedTool[];
  /** Both servers list the same names and nothing else. */
  sameList: boolean;
}

const schemaText = (schema: unknown): string => {
  try {
    return canonicalJson(schema ?? null);
  } catch {
    return String(schema);
  }
};

/** What differs between two tools of the same name, in words. */
export function differences(a: ToolReport, b: ToolReport): string[] {
  const out: string[] = [];
  if ((a.description ?? '') !== (b.description ?? '')) out.push('description');
  if ((a.title ?? '') !== (b.title ?? '')) out.push('title');
  if (schemaText(a.inputSchema) !== schemaText(b.inputSchema)) out.push('input schema');
  return out;
}

/** Each pair of differently named servers that share tool names, with every shared tool. */
export function sharedNames(servers: readonly SessionServer[]): SharedNames[] {
  const names = servers.map(({ report }) => {
    const byKey = new Map<string, ToolReport>();
    for (const tool of report.tools)
      if (tool.name !== '' && !byKey.has(normalToolName(tool.name))) byKey.set(normalToolName(tool.name), tool);
    return byKey;
  });
  const pairs: SharedNames[] = [];
  servers.forEach((first, a) => {
    servers.forEach((second, b) => {
      const own = names[a];
      const other = names[b];
      if (b <= a || own === undefined || other === undefined || first.name === second.name) return;
      const shared = [...own].flatMap(([key, mine]) => {
        const theirs = other.get(key);
        return theirs === undefined ? [] : [{ mine, theirs, differs: differences(mine, theirs) }];
      });
      if (shared.length === 0) return;
      pairs.push({ first, second, shared, sameList: shared.length === own.size && shared.length === other.size });
    });
  });
  return pairs;
}
