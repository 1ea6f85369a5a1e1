/**
 * Writing outside text to a terminal (the one rule of the CLI: anything from a server, an authorization
 * server, a configuration file or a server's stderr): styles (bold, dim, a colour per severity, or
 * none); terminalSafe and terminalText, which show control, bidi and invisible characters as \u
 * escapes instead of interpreting them; errorText for an error line; and outputSafe, the last pass
 * over a whole report before it is written (stdout or -o), in the format's own escape.
 * Light on purpose: lib/cli/main.ts imports it before any server starts.
 */
import { hiddenCharacters } from '../../core/hidden-characters';
import type { Severity } from '../../core/severity';

export interface TextStyle {
  bold(text: string): string;
  dim(text: string): string;
  severity(severity: Severity, text: string): string;
}

/** No colours: for pipes, files and NO_COLOR. */
export const PLAIN: TextStyle = { bold: (t) => t, dim: (t) => t, severity: (_s, t) => t };

export function ansiStyle(enabled: boolean): TextStyle {
  if (!enabled) return PLAIN;
  const wrap = (code: string) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;
  const colors: Record<Severity, (text: string) => string> = {
    critical: wrap('1;7;31'),
    high: wrap('1;31'),
    medium: wrap('33'),
    low: wrap('36'),
    info: wrap('2'),
  };
  return { bold: wrap('1'), dim: wrap('2'), severity: (severity, text) => colors[severity](text) };
}

/**
 * Server text made safe for a terminal: C0/C1 controls (escape sequences), DEL, and invisible or
 * direction-changing characters become visible \u escapes; length is capped.
 */
export function terminalSafe(text: string, max = 200, keepNewlines = false): string {
  const clipped = text.length > max ? `${text.slice(0, max)}…` : text;
  let out = '';
  for (const ch of clipped) {
    const code = ch.codePointAt(0) ?? 0;
    if (keepNewlines && code === 0x0a) {
      out += '\n    ';
      continue;
    }
    const control = code < 0x20 || (code >= 0x7f && code < 0xa0);
    out += control || hiddenCharacters(ch).count > 0 ? `\\u{${code.toString(16)}}` : ch;
  }
  return out;
}

/** Outside text of several lines (an error message): as terminalSafe, line breaks kept, a longer cap. */
export function terminalText(text: string, max = 4000): string {
  return text
    .split('\n')
    .map((line) => terminalSafe(line, max))
    .join('\n');
}

/** An error as the CLI prints it on stderr: its message, and a hint when it has one. */
export function errorText(error: { message: string; hint?: string | undefined }): string {
  return `mcp-hintcheck: ${terminalText(error.message)}\n${error.hint === undefined ? '' : `try: ${terminalText(error.hint)}\n`}`;
}

// The CLI's own colours (ansiStyle: ESC [ digits m) and CSV's CRLF stay; every other control, DEL,
// C1, bidi or invisible character is escaped.
const UNSAFE =
  /\u001b\[[0-9;]*m|\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\u061c\ufeff]|[\u{e0000}-\u{e007f}]/gu;

/**
 * How an output is made safe (each format says which, lib/cli/formats/): `json` (JSON and SARIF)
 * escapes as `\\uXXXX`, `csv` as the `[U+XXXX]` markers, `text` keeps the CLI's colours, `markup`
 * (JUnit, Markdown) escapes them too; both write `\\u{x}`.
 */
export type SafeAs = 'json' | 'csv' | 'text' | 'markup';

function escapeAs(ch: string, kind: SafeAs): string {
  const code = ch.codePointAt(0) ?? 0;
  if (kind === 'json')
    return Array.from(
      { length: ch.length },
      (_, unit) => `\\u${ch.charCodeAt(unit).toString(16).padStart(4, '0')}`,
    ).join('');
  if (kind === 'csv') return `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`;
  return `\\u{${code.toString(16)}}`;
}

/** A code unit that starts every match of UNSAFE (ESC, CR, the classes, a tag's high surrogate U+DB40), read without `u`. */
const MAY_BE_UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\u061c\ufeff\udb40]/;

/**
 * The last pass over a rendered report: whatever a renderer let through, no byte reaches the reader
 * that a terminal would act on. JSON and SARIF get `\\uXXXX` (the same value once parsed: such
 * characters occur only inside strings), CSV the tools CSV's `[U+XXXX]` markers, the rest `\\u{x}`.
 */
export function outputSafe(text: string, kind: SafeAs): string {
  // Most reports hold none (a 10,000-tool report is 21 MB): one scan for the first unit of any match.
  if (!MAY_BE_UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (match) => {
    if (match === '\r\n') return match;
    if (match.length > 1 && match.startsWith('\u001b'))
      return kind === 'text' ? match : escapeAs('\u001b', kind) + match.slice(1);
    return escapeAs(match, kind);
  });
}
