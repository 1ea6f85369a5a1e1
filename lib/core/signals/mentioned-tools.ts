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
import { NameMatcher, nameMatcherOf, type NameHit } from './name-matcher';
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

const distinctiveNames = new WeakMap<readonly string[], string[]>();

/** A listing's distinctive names (the others as ''), made once per listing (the same array is passed for every tool). */
function distinctiveOf(allNames: readonly string[]): string[] {
  let names = distinctiveNames.get(allNames);
  if (names === undefined) {
    names = allNames.map((name) => (isDistinctiveName(name) ? name : ''));
    distinctiveNames.set(allNames, names);
  }
  return names;
}

/**
 * Other tools of the same listing that this tool's description or title names, in listing order. A
 * name counts where it stands as a word of its own: not inside a longer name (`a_b` in `x_a_b`), but
 * before a full stop (`call export_members.`). One pass over the text finds every name of the
 * listing (name-matcher.ts), whatever characters the names have: linear in the text and the names.
 */
export function mentionedTools(ownName: string, texts: readonly string[], allNames: readonly string[]): string[] {
  const prose = texts.join('\n');
  if (prose === '') return [];
  const names = distinctiveOf(allNames);
  const found = new Set<number>();
  for (const { name } of nameMatcherOf(names).hits(prose)) if (names[name] !== ownName) found.add(name);
  return [...found].sort((a, b) => a - b).map((position) => names[position] ?? '');
}

/** Words just before a name that order the agent to call it ("call `x`", "always use x", "first invoke the x tool"). */
const ORDERS =
  /(?:\b(?:call|invoke)|\b(?:always|must|first|then|immediately)\s+(?:call|use|run|invoke)|\bbefore\b[^.\n]{0,80},\s*(?:call|use|run|invoke))\s+(?:the\s+)?[`'"]?$/i;

/** The verbs of ORDERS, one of which each of its orders has. */
const ORDER_VERB = /call|invoke|use|run/i;

/**
 * The first sentence part that orders a call to one of `mentioned` ("call export_members"), or
 * null when the text only points to them. Field lists are left out; negated orders do not count.
 */
export function orderedCall(texts: readonly string[], mentioned: readonly string[]): string | null {
  // Made on first need, and not kept: `mentioned` is a new array per tool.
  let matcher: NameMatcher | undefined;
  for (const raw of texts) {
    // Every order of ORDERS has one of its verbs: a text without one orders no call.
    if (!ORDER_VERB.test(raw)) continue;
    const text = withoutFieldLists(raw);
    matcher ??= new NameMatcher(mentioned);
    // Each name's hits in text order, overlapping ones of the same name left out (as a global RegExp finds them).
    const byName = new Map<number, NameHit[]>();
    for (const hit of matcher.hits(text).sort((a, b) => a.start - b.start)) {
      const hits = byName.get(hit.name) ?? [];
      const last = hits.at(-1);
      if (last === undefined || hit.start >= last.start + (mentioned[hit.name] ?? '').length) hits.push(hit);
      byName.set(hit.name, hits);
    }
    for (const [position, name] of mentioned.entries()) {
      for (const { start } of byName.get(position) ?? []) {
        const before = text.slice(Math.max(0, start - 100), start);
        const order = ORDERS.exec(before);
        if (order !== null && !isNegated(text, start - before.length + order.index)) {
          return `${order[0].replace(/[`'"]/g, '').trim()} ${name}`.replace(/\s+/g, ' ');
        }
      }
    }
  }
  return null;
}
