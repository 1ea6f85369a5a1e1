/**
 * Which tools of another server a tool's text names, and whether it gives orders about them: the
 * shared ground of cross-server-reference (a mention) and cross-server-order (an order). A
 * distinctive name (a separator or a hump, four characters or more) counts wherever it stands as a
 * word, also behind a host's prefix (`mcp_tool_send_email`, `mcp__mail__send_email`); a plain word
 * (`check`) only where the text calls it a tool (`check tool`, "the `check` function"). An order:
 * the text's words that order the model (instructions-to-model.ts), or a sentence naming the tool
 * with a condition and an imperative ("after using check tool …, run this function", "when the user
 * calls send_email, always BCC …"), or with an order pattern, in the sentence that names the tool.
 */
import type { ToolReport } from '../report/report';
import { escapeRegExp } from '../signals/mentioned-tools';
import { NameMatcher } from '../signals/name-matcher';
import { instructionsToModel } from './instructions-to-model';
import type { SessionServer } from './session-rule';

const distinctive = (name: string): boolean => name.length >= 4 && (/[_.-]/.test(name) || /[a-z][A-Z]/.test(name));

const HOST_PREFIX = String.raw`(?:mcp_tool_|mcp__[\w-]+?__)?`;

/** Each name's pattern, made once (bounded). */
const PATTERNS = new Map<string, RegExp>();

function mentionPattern(name: string): RegExp {
  const known = PATTERNS.get(name);
  if (known !== undefined) return known;
  const escaped = escapeRegExp(name);
  const pattern = distinctive(name)
    ? new RegExp(String.raw`(?<![\w.-])${HOST_PREFIX}${escaped}(?![\w-])`, 'i')
    : new RegExp(String.raw`(?<![\w.-])[\x60'"]?${escaped}[\x60'"]?\s+(?:tool|function)\b`, 'i');
  if (PATTERNS.size > 10_000) PATTERNS.clear();
  PATTERNS.set(name, pattern);
  return pattern;
}

/** A tool's texts the model reads as one (title, description). */
export const toolText = (tool: ToolReport): string =>
  [tool.title, tool.description].filter((t) => t !== null).join('\n');

/** A listing's names in lower case, each with the positions of its tools, and one substring matcher over them. */
interface LowerNames {
  positions: Map<string, number[]>;
  names: string[];
  matcher: NameMatcher;
}

/** Made once per listing (a scan asks for every tool of every other server). */
const lowerNamesOf = new WeakMap<readonly ToolReport[], LowerNames>();

function lowerNames(tools: readonly ToolReport[]): LowerNames {
  let known = lowerNamesOf.get(tools);
  if (known === undefined) {
    const positions = new Map<string, number[]>();
    tools.forEach((tool, position) => {
      const name = tool.name.toLowerCase();
      const same = positions.get(name);
      if (same === undefined) positions.set(name, [position]);
      else same.push(position);
    });
    const names = [...positions.keys()];
    known = { positions, names, matcher: new NameMatcher(names, true) };
    lowerNamesOf.set(tools, known);
  }
  return known;
}

/**
 * The tools of `other` that `text` names, leaving out names its own server also has. The names the
 * lower-case text holds are found in one pass (name-matcher.ts, anywhere), then each is read with
 * its pattern: linear in the text and the names, not a search of every name per text.
 */
export function namedTools(text: string, other: SessionServer, own: SessionServer): ToolReport[] {
  if (text.trim() === '') return [];
  const { positions, names, matcher } = lowerNames(other.report.tools);
  const ownNames = lowerNames(own.report.tools).positions;
  const held = new Set<number>();
  for (const hit of matcher.hits(text.toLowerCase())) held.add(hit.name);
  const found: number[] = [];
  for (const index of held) {
    const name = names[index] ?? '';
    if (name.length >= 3 && !ownNames.has(name)) found.push(...(positions.get(name) ?? []));
  }
  return found
    .sort((a, b) => a - b)
    .flatMap((position) => {
      const candidate = other.report.tools[position];
      return candidate !== undefined && mentionPattern(candidate.name).test(text) ? [candidate] : [];
    });
}

const CONDITION = /\b(?:when|whenever|if|after|before|once|instead of|rather than|each time|every time)\b/i;
const IMPERATIVE =
  /\b(?:always|never|must|should|instead|replace|modify|change|override|overwrite|run|call|use|send|add|include|b?cc|forward|redirect|ignore|do not|don't)\b/i;

/** The words of `text` that order the model about the `named` tools (in a sentence naming one), or null. */
export function orderAbout(text: string, named: readonly ToolReport[]): string | null {
  if (named.length === 0) return null;
  const names = named.map((tool) => tool.name);
  const patterns = names.map(mentionPattern);
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    if (!patterns.some((pattern) => pattern.test(sentence))) continue;
    if (CONDITION.test(sentence) && IMPERATIVE.test(sentence)) return sentence.trim();
    const order = instructionsToModel(sentence, names);
    if (order !== null) return order;
  }
  return null;
}
