/**
 * A word-level diff of two texts (a description before and after), for people to read what changed:
 * each text is cut into words and runs of whitespace, the common start and end are kept as they
 * are, and the middle is aligned by jsdiff's `diffArrays` (Myers) over those tokens. Past
 * MAX_EDIT_LENGTH edits the middle is shown as removed then added (still exact, only less fine-grained).
 */
import { diffArrays } from 'diff';
import { z } from 'zod';

export const WORD_DIFF_OPS = ['same', 'removed', 'added'] as const;
export const wordDiffPartSchema = z.object({ op: z.enum(WORD_DIFF_OPS), text: z.string() });
export type WordDiffPart = z.infer<typeof wordDiffPartSchema>;

/**
 * The most edits (words and spaces) aligned one by one; past it (a rewrite of some 250 words) the
 * middle is removed then added. Myers costs about edits × length: at 500 a rewrite takes some 30 ms,
 * at 2,000 some 300 ms.
 */
export const MAX_EDIT_LENGTH = 500;

/** Words and runs of whitespace, in order: joined, they give the text back. */
export function words(text: string): string[] {
  return text.match(/\s+|\S+/g) ?? [];
}

function push(parts: WordDiffPart[], op: WordDiffPart['op'], text: string): void {
  if (text === '') return;
  const last = parts.at(-1);
  if (last?.op === op) last.text += text;
  else parts.push({ op, text });
}

/** The aligned middle: jsdiff's Myers diff over the words, or all removed then added past the bound. */
function alignMiddle(a: string[], b: string[], parts: WordDiffPart[]): void {
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
    { value: a, removed: true, added: false, count: a.length },
    { value: b, removed: false, added: true, count: b.length },
  ];
  for (const change of changes) {
    push(parts, change.added ? 'added' : change.removed ? 'removed' : 'same', change.value.join(''));
  }
}

/**
 * Whitespace alone kept between two changes is folded into them, and each run of changes becomes
 * one removed part then one added part: "[-notes on a topic.-]{+notes. Always include …+}" reads
 * better than the same change cut at every space the two texts share.
 */
function foldChanges(parts: readonly WordDiffPart[]): WordDiffPart[] {
  const out: WordDiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = (): void => {
    push(out, 'removed', removed);
    push(out, 'added', added);
    removed = '';
    added = '';
  };
  parts.forEach((part, index) => {
    const between =
      part.op === 'same' &&
      part.text.trim() === '' &&
      index > 0 &&
      index < parts.length - 1 &&
      parts[index - 1]?.op !== 'same' &&
      parts[index + 1]?.op !== 'same';
    if (part.op === 'removed' || between) removed += part.text;
    if (part.op === 'added' || between) added += part.text;
    if (part.op === 'same' && !between) {
      flush();
      push(out, 'same', part.text);
    }
  });
  flush();
  return out;
}

/**
 * The word diff from `before` to `after` (null: no text). Joining the parts that are not `added`
 * gives `before` back; joining those that are not `removed` gives `after`.
 */
export function wordDiff(before: string | null, after: string | null): WordDiffPart[] {
  const a = words(before ?? '');
  const b = words(after ?? '');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const parts: WordDiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  alignMiddle(a.slice(start, a.length - end), b.slice(start, b.length - end), parts);
  push(parts, 'same', a.slice(a.length - end).join(''));
  return foldChanges(parts);
}

/** The words the new text added, in order, each run on its own ("Before calling any other tool, …"). */
export function addedRuns(parts: readonly WordDiffPart[]): string[] {
  return parts.filter((part) => part.op === 'added').map((part) => part.text.trim());
}

/**
 * The diff as plain text in the style of `git diff --word-diff=plain`: removed words in [-…-],
 * added words in {+…+} (the whitespace around a change stands outside the markers; a change of
 * whitespace alone shows as the new whitespace). `escape` is applied to every piece of server text.
 */
export function plainWordDiff(parts: readonly WordDiffPart[], escape: (text: string) => string = (t) => t): string {
  return parts
    .map((part) => {
      if (part.op === 'same') return escape(part.text);
      const inner = part.text.trim();
      if (inner === '') return part.op === 'added' ? escape(part.text) : '';
      const lead = part.text.slice(0, part.text.indexOf(inner));
      const trail = part.text.slice(lead.length + inner.length);
      const marked = part.op === 'added' ? `{+${escape(inner)}+}` : `[-${escape(inner)}-]`;
      return `${escape(lead)}${marked}${escape(trail)}`;
    })
    .join('');
}

/**
 * Each changed text of a change, one line each: "description: Adds a note. {+Before calling …+}".
 * For outputs that show a change as text (CLI, SARIF message, JUnit, Markdown).
 */
export function textDiffLines(
  texts: readonly { field: string; diff: readonly WordDiffPart[] }[] | undefined,
  escape: (text: string) => string = (t) => t,
): string[] {
  return (texts ?? []).map((text) => `${escape(text.field)}: ${plainWordDiff(text.diff, escape)}`);
}
