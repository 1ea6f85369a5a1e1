/**
 * Characters a person does not see and a model reads: zero-width and BOM, bidi embeddings,
 * overrides, isolates and marks, and Unicode tags (ASCII smuggling). The usual way to hide
 * instructions in text an agent reads (MCP security best practices: tool poisoning). The
 * hidden-characters finding (tools and every other item an agent reads) is defined here.
 */
import { raised, type Finding, type FlagDefinition } from './finding';

export const HIDDEN_CHARACTERS_DEFINITION: FlagDefinition<'hidden-characters'> = {
  id: 'hidden-characters',
  severity: 'high',
  title: 'Invisible or direction-changing characters',
  meaning:
    'The name, title or description, or a title or description inside inputSchema or outputSchema (what the model reads about each argument), contains zero-width, bidirectional-control or Unicode tag characters. A person reading the text does not see them; a model reads them. They are a known way to hide instructions in a tool description.',
  default: null,
  doesNotTell: 'What the hidden text says: inspect the raw JSON.',
  reference: 'MCP security best practices (tool poisoning)',
};

/** A code point as people can read it: "x" for printable ASCII, else U+XXXX. */
export function codePointLabel(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code > 0x20 && code < 0x7f ? `"${ch}"` : hex;
}

const HIDDEN = /[\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069\u061C\u{E0000}-\u{E007F}]/gu;

/** Invisible characters found in a string, as "U+202E" labels (deduplicated), with a count. */
export function hiddenCharacters(text: string): { count: number; labels: string[] } {
  const found = text.match(HIDDEN) ?? [];
  return { count: found.length, labels: [...new Set(found.map(codePointLabel))] };
}

// Other control characters (C0 but tab, line feed and carriage return; DEL and C1): invisible in a cell too.
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;

/**
 * The text with every invisible or control character written as a visible "[U+200B]" marker: for
 * plain-text outputs (CSV) where a reader would not see them. The raw text stays in the JSON.
 */
export function markInvisibleCharacters(text: string): string {
  const mark = (ch: string): string => `[U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;
  return text.replace(HIDDEN, mark).replace(CONTROLS, mark);
}

/** The hidden-characters finding for the given fields, or null when none hides anything. */
export function hiddenCharactersFinding(
  texts: readonly { field: string; text: string }[],
): Finding<'hidden-characters'> | null {
  const hidden = texts
    .map(({ field, text }) => ({ field, ...hiddenCharacters(text) }))
    .filter((entry) => entry.count > 0);
  if (hidden.length === 0) return null;
  return raised(
    HIDDEN_CHARACTERS_DEFINITION,
    `Invisible characters in ${hidden.map((h) => `${h.field} (${h.count}: ${h.labels.slice(0, 4).join(', ')})`).join('; ')}.`,
  );
}
