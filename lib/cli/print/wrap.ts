/**
 * Text output within a width (100 columns): each line longer than the width is broken at spaces
 * (at a two-space field separator when one leaves the line 60% full), its continuation lines
 * indented two spaces past the line's own indent; a word longer than the room
 * left is cut by characters. Width is counted in code points, the CLI's own colour codes
 * (ESC [ digits m, terminal.ts ansiStyle) count zero, and a colour open at a break is closed at the
 * end of the line and opened again on the next. It runs on text already made terminal-safe and adds
 * only spaces and line breaks, so what it wraps stays safe.
 */

/** The widest line the CLI's text output writes. */
export const TEXT_WIDTH = 100;

const SGR = /\u001b\[[0-9;]*m/g;
const RESET = '\u001b[0m';

interface Token {
  /** A colour code, or one character. */
  text: string;
  code: boolean;
}

function tokens(line: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const match of line.matchAll(SGR)) {
    for (const ch of line.slice(last, match.index)) out.push({ text: ch, code: false });
    out.push({ text: match[0], code: true });
    last = match.index + match[0].length;
  }
  for (const ch of line.slice(last)) out.push({ text: ch, code: false });
  return out;
}

/** Display width as the CLI counts it: code points, colour codes excluded. */
export function displayWidth(line: string): number {
  return Array.from(line.replace(SGR, '')).length;
}

/** One line broken to `width` columns (several lines joined by LF). */
export function wrapLine(line: string, width = TEXT_WIDTH): string {
  if (displayWidth(line) <= width) return line;
  const indent = /^ */.exec(line.replace(SGR, ''))?.[0].length ?? 0;
  const hanging = ' '.repeat(Math.min(indent + 2, Math.floor(width / 2)));
  const all = tokens(line);
  const lines: string[] = [];
  /** The colour codes in effect (since the last reset). */
  let open: string[] = [];
  let start = 0;
  let prefix = '';
  let prefixWidth = 0;
  while (start < all.length) {
    // Take as many characters as fit, remembering the last space seen and the last two-space field
    // separator ("read-only: 5  destructive: 5"), preferred when it leaves the line at least 60% full.
    let used = prefixWidth;
    let end = start;
    let lastSpace = -1;
    let openAtSpace: string[] = [];
    let field = -1;
    let openAtField: string[] = [];
    const openHere = [...open];
    while (end < all.length) {
      const token = all[end];
      if (token === undefined) break;
      if (token.code) {
        if (token.text === RESET) openHere.length = 0;
        else openHere.push(token.text);
      } else {
        if (used === width) break;
        if (token.text === ' ' && end > start) {
          if (all[end - 1]?.text === ' ' && end - 1 > start && used - 1 >= width * 0.6) {
            field = end - 1;
            openAtField = openAtSpace;
          }
          lastSpace = end;
          openAtSpace = [...openHere];
        }
        used++;
      }
      end++;
    }
    let body: Token[];
    let next: number;
    let carried: string[];
    if (end >= all.length) {
      body = all.slice(start);
      next = all.length;
      carried = openHere;
    } else if (field > start) {
      body = all.slice(start, field);
      next = field + 1;
      carried = openAtField;
    } else if (lastSpace > start) {
      body = all.slice(start, lastSpace);
      next = lastSpace + 1;
      carried = openAtSpace;
    } else {
      next = Math.max(end, start + 1);
      body = all.slice(start, next);
      carried = openHere;
    }
    // Spaces at the break go: none ends a line, none starts its continuation.
    while (next < all.length && all[next]?.text === ' ') next++;
    let text = body.map((token) => token.text).join('');
    if (next < all.length) text = text.replace(/ +((?:\u001b\[[0-9;]*m)*)$/, '$1');
    const reopen = open.join('');
    lines.push(`${prefix}${reopen}${text}${next < all.length && carried.length > 0 ? RESET : ''}`);
    open = carried;
    start = next;
    prefix = hanging;
    prefixWidth = hanging.length;
  }
  return lines.join('\n');
}

/** Every line of a text output within `width` columns. */
export function wrapText(text: string, width = TEXT_WIDTH): string {
  return text
    .split('\n')
    .map((line) => wrapLine(line, width))
    .join('\n');
}
