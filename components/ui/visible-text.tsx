/**
 * Server strings are data written by strangers. These helpers render them as plain React text and
 * make invisible characters visible: zero-width, bidi controls and Unicode tag characters (the
 * same set the hidden-characters flag looks for) become small "U+202E" markers instead of silently
 * reordering or hiding text.
 */
import type { ReactNode } from 'react';

const HIDDEN_SOURCE = '\\u200B-\\u200F\\u2060-\\u2064\\uFEFF\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u{E0000}-\\u{E007F}';
const CONTROL_SOURCE = '\\u0000-\\u001F\\u007F-\\u009F';

const HIDDEN_TEST = new RegExp(`[${HIDDEN_SOURCE}]`, 'u');
const HIDDEN_SPLIT = new RegExp(`([${HIDDEN_SOURCE}])`, 'u');
const HIDDEN_OR_CONTROL_SPLIT = new RegExp(`([${HIDDEN_SOURCE}${CONTROL_SOURCE}])`, 'u');
const HIDDEN_GLOBAL = new RegExp(`[${HIDDEN_SOURCE}]`, 'gu');

export function hasInvisibleCharacters(text: string): boolean {
  return HIDDEN_TEST.test(text);
}

function codePointLabel(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The same JSON with every invisible character written as a \u escape (the same JSON value). */
export function escapeInvisibleInJson(json: string): string {
  return json.replace(HIDDEN_GLOBAL, (ch) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/** Plain text (a title attribute) with every invisible character written as its "U+202E" marker. */
export function markedText(text: string): string {
  return text.replace(HIDDEN_GLOBAL, (ch) => `[${codePointLabel(ch)}]`);
}

/** Pretty JSON for display, invisible characters escaped. */
export function prettyJson(value: unknown): string {
  return escapeInvisibleInJson(JSON.stringify(value, null, 2));
}

interface VisibleTextProps {
  text: string;
  /** Also show control characters (newline, tab, ...) as markers: for names and one-line labels. */
  controls?: boolean;
}

/** Text with invisible characters shown as markers. Always React text children, never markup. */
export function VisibleText({ text, controls = false }: VisibleTextProps): ReactNode {
  const pattern = controls ? HIDDEN_OR_CONTROL_SPLIT : HIDDEN_SPLIT;
  if (!pattern.test(text)) return text;
  const parts = text.split(pattern);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span
        // The split alternates text and captured markers, so the index is stable for this string.
        key={i}
        title={`Invisible character ${codePointLabel(part)}`}
        className="mx-px inline-block rounded-sm bg-rose-100 px-0.5 align-baseline font-mono text-[0.7em] leading-tight text-rose-800 ring-1 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800"
      >
        {codePointLabel(part)}
      </span>
    ) : (
      part
    ),
  );
}
