/**
 * Signal: other tools of the same listing that a tool's description or title names. Telling the
 * agent to call another tool is how a poisoned description borrows that tool's power; pointing to
 * it ("use X instead", "use X for actions", "see X", "like X") is documentation. So the signal is
 * medium only where the text orders a call (`call X`, "always use X", "before …, call X", "first
 * invoke X"), and low otherwise: a low mention never lifts a tool's level in the risk order (report/risk.ts).
 * Negated orders ("Do NOT call X", "without calling X") are documentation. MCP security best
 * practices (tool poisoning).
 */
import type { FlagDefinition } from '../finding';
import { isNegated, withoutFieldLists } from './words';

export const MENTIONS_OTHER_TOOL_ID = 'mentions-other-tool';

export const MENTIONS_OTHER_TOOL_DEFINITION: FlagDefinition<typeof MENTIONS_OTHER_TOOL_ID> = {
  id: MENTIONS_OTHER_TOOL_ID,
  severity: 'medium',
  title: 'Names another tool of this server',
  meaning:
    'The description or title names another tool of the same listing. Telling the agent to call another tool is how a poisoned description borrows that tool\'s power (the demo\'s summarize_feedback asks for export_members with a URL): medium where the text orders the call ("call X", "always use X", "before …, call X"). A pointer ("use X instead", "use X for actions", "see X") is documentation: low, and it never lifts the tool\'s level in the risk order. Heuristic: an exact, distinctive tool name in the text, and the words just before it.',
  default: null,
  doesNotTell:
    'Whether an order is malicious (many honest servers chain their tools), or whether a pointer hides a steer. Read the sentence.',
  reference: 'MCP security best practices (tool poisoning); heuristic of this tool',
};

/** A name distinctive enough to be a reference when it appears in prose: it has a separator or a hump. */
function isDistinctiveName(name: string): boolean {
  return /[_.-]/.test(name) || /[a-z][A-Z]/.test(name);
}

export function escapeRegExp(text: string): string {
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

/** Words just before a name that order the agent to call it ("call `x`", "always use x", "first invoke the x tool"). */
const ORDERS =
  /(?:\b(?:call|invoke)|\b(?:always|must|first|then|immediately)\s+(?:call|use|run|invoke)|\bbefore\b[^.\n]{0,80},\s*(?:call|use|run|invoke))\s+(?:the\s+)?[`'"]?$/i;

/**
 * The first sentence part that orders a call to one of `mentioned` ("call export_members"), or
 * null when the text only points to them. Field lists are left out; negated orders do not count.
 */
export function orderedCall(texts: readonly string[], mentioned: readonly string[]): string | null {
  for (const raw of texts) {
    const text = withoutFieldLists(raw);
    for (const name of mentioned) {
      const pattern = new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`, 'g');
      for (const match of text.matchAll(pattern)) {
        const before = text.slice(Math.max(0, match.index - 100), match.index);
        const order = ORDERS.exec(before);
        if (order !== null && !isNegated(text, match.index - before.length + order.index)) {
          return `${order[0].replace(/[`'"]/g, '').trim()} ${name}`.replace(/\s+/g, ' ');
        }
      }
    }
  }
  return null;
}
