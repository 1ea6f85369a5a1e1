/**
 * Writing server text to a terminal: styles (bold, dim, a colour per severity, or none), and
 * terminalSafe, which shows control and bidi characters as \u escapes instead of interpreting them.
 */
import { hiddenCharacters, type Severity } from '../core/flags';

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
