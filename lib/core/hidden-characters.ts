/**
 * Characters a person does not see and a model reads: zero-width and BOM, bidi embeddings,
 * overrides, isolates and marks, and Unicode tags (ASCII smuggling). The usual way to hide
 * instructions in text an agent reads (MCP security best practices: tool poisoning).
 */

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
