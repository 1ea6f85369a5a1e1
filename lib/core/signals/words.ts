/**
 * Small helpers the signal rules share: a tool name read as words, the text with its field lists
 * left out, the first sentence (where a description says what the tool does), and a match that no
 * nearby negation denies. They let a rule read a phrase about the tool itself, not a bare word.
 */

/** The last name read as words: several rules read one tool's name in turn. */
let lastName: string | undefined;
let lastWords = '';

/** A tool name as words: run_code, runCode and run-code all read "run code". */
export function nameWords(name: string): string {
  if (name !== lastName) {
    lastWords = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_.\-/]+/g, ' ')
      .toLowerCase();
    lastName = name;
  }
  return lastWords;
}

/**
 * An identifier followed by its explanation in parentheses, as in a field list: "blockedCommands
 * (array of blocked shell commands)", "`status` (`same` | `removed`)". The identifier has an
 * underscore or a hump, or is quoted as code.
 */
const FIELD_ENTRY = /(?:`[^`\n]{1,60}`|\b[A-Za-z][a-z0-9]*(?:[A-Z_][A-Za-z0-9_]*)+\b)\s*\([^()\n]{0,200}\)/g;

/** The text without the explanations of a field or identifier list (they describe data, not acts). */
export function withoutFieldLists(text: string): string {
  // Every entry has its parenthesis: a text without one is read as it is (most texts, each read many times).
  return text.includes('(') ? text.replace(FIELD_ENTRY, ' ') : text;
}

/** The last text read for its first sentence, and that sentence: several rules read one tool's in turn. */
let lastText = '';
let lastSentence = '';

/** The first sentence of a text: where a description says what the tool does. */
export function firstSentence(text: string): string {
  if (text !== lastText) {
    // A docstring generator's unfilled placeholder ("_summary_", Python's autoDocstring) is not the first sentence.
    lastSentence =
      text
        .replace(/^\s*_summary_\s*/i, '')
        .trim()
        .split(/(?<=[.!?])\s|\n/, 1)[0] ?? '';
    lastText = text;
  }
  return lastSentence;
}

/** Words that deny or ward off what follows in the same clause ("without starting a shell command"). */
const NEGATION =
  /\b(?:not|never|no|nor|without|instead of|rather than|avoid(?:s|ing)?|prevent(?:s|ing|ed)?|don't|doesn't|won't|cannot)\b|n't\b/i;
/** How far back (characters) a negation reaches within its clause. */
const NEGATION_REACH = 40;

/** Whether a negation in the same clause, shortly before `index`, denies what stands there. */
export function isNegated(text: string, index: number): boolean {
  const before =
    text
      .slice(Math.max(0, index - NEGATION_REACH), index)
      .split(/[.;:!?,()\n]|\s-\s/)
      .at(-1) ?? '';
  return NEGATION.test(before);
}

/**
 * The matches of a global `pattern` in `text`, as String.prototype.matchAll finds them, read with
 * the pattern itself: matchAll copies the RegExp on every call (a microsecond a text, for every rule
 * of every tool). The pattern is not shared while a caller walks it: each rule reads its own, and no
 * caller reads one text's matches while it reads another's with the same pattern.
 */
export function* everyMatch(pattern: RegExp, text: string): Generator<RegExpExecArray & { index: number }> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === '') pattern.lastIndex += 1;
    yield match;
  }
  pattern.lastIndex = 0;
}

/**
 * Each pattern's global twin, made once (a RegExp made anew per call starts again in the slow tier),
 * and whether it matches the empty text (most tools have no title: every rule reads an empty one).
 */
const globalPatterns = new WeakMap<RegExp, { all: RegExp; matchesEmpty: boolean }>();

/** The first match of `pattern` in `text` that no nearby negation denies, or null. */
export function affirmed(text: string, pattern: RegExp): RegExpMatchArray | null {
  let twin = globalPatterns.get(pattern);
  if (twin === undefined) {
    const made = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    twin = { all: made, matchesEmpty: made.test('') };
    globalPatterns.set(pattern, twin);
  }
  if (text === '' && !twin.matchesEmpty) return null;
  const { all } = twin;
  all.lastIndex = 0;
  for (let match = all.exec(text); match !== null; match = all.exec(text)) {
    if (match[0] === '') all.lastIndex += 1;
    if (!isNegated(text, match.index)) return match;
  }
  return null;
}

/** The first affirmed match of any pattern in any text, field lists left out; or null. */
export function affirmedPhrase(texts: readonly string[], patterns: readonly RegExp[]): string | null {
  for (const text of texts) {
    const read = withoutFieldLists(text);
    for (const pattern of patterns) {
      const match = affirmed(read, pattern);
      if (match !== null) return match[0];
    }
  }
  return null;
}
