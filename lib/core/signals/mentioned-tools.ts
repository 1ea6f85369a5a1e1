/**
 * Signal: other tools of the same listing that a tool's description or title names. Telling the
 * agent to call another tool is how a poisoned description borrows that tool's power. MCP security best practices (tool poisoning).
 */
import type { FlagDefinition } from '../finding';

export const MENTIONS_OTHER_TOOL_ID = 'mentions-other-tool';

export const MENTIONS_OTHER_TOOL_DEFINITION: FlagDefinition<typeof MENTIONS_OTHER_TOOL_ID> = {
  id: MENTIONS_OTHER_TOOL_ID,
  severity: 'medium',
  title: 'Names another tool of this server',
  meaning:
    "The description or title names another tool of the same listing. Telling the agent to call another tool is how a poisoned description borrows that tool's power (the demo's summarize_feedback asks for export_members with a URL). Heuristic: an exact, distinctive tool name in the text.",
  default: null,
  doesNotTell:
    'Whether the reference is an instruction or just documentation ("use list_items to find an id" is common and harmless). Read the sentence.',
  reference: 'MCP security best practices (tool poisoning); heuristic of this tool',
};

/** A name distinctive enough to be a reference when it appears in prose: it has a separator or a hump. */
function isDistinctiveName(name: string): boolean {
  return /[_.-]/.test(name) || /[a-z][A-Z]/.test(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A listing's distinctive names, indexed once per listing (the same array is passed for every tool). */
interface NameIndex {
  /** Distinctive names made only of name characters, with their first position in the listing. */
  plain: Map<string, number>;
  /** Distinctive names with other characters (outside the spec's charset): matched one by one. */
  other: { name: string; position: number; pattern: RegExp }[];
}
const NAME_CHARS = /^[A-Za-z0-9_.-]+$/;
const nameIndexes = new WeakMap<readonly string[], NameIndex>();

function nameIndex(allNames: readonly string[]): NameIndex {
  let index = nameIndexes.get(allNames);
  if (index !== undefined) return index;
  index = { plain: new Map(), other: [] };
  allNames.forEach((name, position) => {
    if (!isDistinctiveName(name) || index.plain.has(name)) return;
    if (NAME_CHARS.test(name)) index.plain.set(name, position);
    else
      index.other.push({
        name,
        position,
        pattern: new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`),
      });
  });
  nameIndexes.set(allNames, index);
  return index;
}

/**
 * Other tools of the same listing that this tool's description or title names, in listing order. A
 * name counts where it stands as a word of its own: not inside a longer name (`a_b` in `x_a_b`), but
 * before a full stop (`call export_members.`). Linear in the text: each run of name characters in
 * the prose (and each of its prefixes that ends before a dot) is looked up in the listing's names.
 */
export function mentionedTools(ownName: string, texts: readonly string[], allNames: readonly string[]): string[] {
  const prose = texts.join('\n');
  if (prose === '') return [];
  const index = nameIndex(allNames);
  const found = new Map<string, number>();
  for (const token of prose.match(/[A-Za-z0-9_.-]+/g) ?? []) {
    const candidates = [token];
    for (let dot = token.indexOf('.'); dot !== -1; dot = token.indexOf('.', dot + 1))
      candidates.push(token.slice(0, dot));
    for (const candidate of candidates) {
      const position = index.plain.get(candidate);
      if (position !== undefined && candidate !== ownName) found.set(candidate, position);
    }
  }
  for (const { name, position, pattern } of index.other) {
    if (name !== ownName && pattern.test(prose)) found.set(name, position);
  }
  return [...found].sort((a, b) => a[1] - b[1]).map(([name]) => name);
}
