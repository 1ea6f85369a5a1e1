/**
 * A small, tolerant HTML tokenizer for reading an MCP App's page without running it: start tags with
 * their attributes (quoted, unquoted or bare), the text of each script element, comments and
 * doctype skipped. It never throws and never builds a tree; malformed markup yields what it can.
 * Enough to find what a page loads and where it sends data, not a validating parser.
 */

export interface Tag {
  /** Lower-case element name. */
  name: string;
  /** Attributes, names lower-cased, in source order (a repeated name keeps every value). */
  attributes: { name: string; value: string }[];
  /** A script element's text (raw text up to its end tag); absent for other elements. */
  text?: string;
  /** Offset of the tag's `<` in the source. */
  offset: number;
}

const NAME = /[A-Za-z][A-Za-z0-9:_-]*/y;
const SPACE = /[\s/]*/y;
const ATTRIBUTE_NAME = /[^\s"'>/=]+/y;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

function match(re: RegExp, source: string, at: number): string | null {
  re.lastIndex = at;
  const found = re.exec(source);
  return found === null ? null : found[0];
}

/** Named character references a URL or handler is likely to carry, and numeric ones. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);?/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) % 0x110000);
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) % 0x110000);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    return named[lower] ?? whole;
  });
}

/** Parses the attributes from `at`; returns them and where the tag ends (after its `>`). */
function attributesFrom(source: string, at: number): { attributes: Tag['attributes']; end: number } {
  const attributes: Tag['attributes'] = [];
  let i = at;
  while (i < source.length) {
    i += match(SPACE, source, i)?.length ?? 0;
    if (i >= source.length || source[i] === '>') return { attributes, end: i + 1 };
    const name = match(ATTRIBUTE_NAME, source, i);
    if (name === null) {
      i++;
      continue;
    }
    i += name.length;
    let value = '';
    const afterName = i + (match(/\s*/y, source, i)?.length ?? 0);
    if (source[afterName] === '=') {
      i = afterName + 1;
      i += match(/\s*/y, source, i)?.length ?? 0;
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, i + 1);
        const stop = close === -1 ? source.length : close;
        value = source.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const raw = match(/[^\s>]*/y, source, i) ?? '';
        value = raw;
        i += raw.length;
      }
    }
    attributes.push({ name: name.toLowerCase(), value: decodeEntities(value) });
  }
  return { attributes, end: source.length };
}

/** Every start tag of the page, in order (scripts with their text). */
export function htmlTags(source: string): Tag[] {
  const tags: Tag[] = [];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('<', i);
    if (open === -1) break;
    if (source.startsWith('<!--', open)) {
      const close = source.indexOf('-->', open + 4);
      i = close === -1 ? source.length : close + 3;
      continue;
    }
    if (source[open + 1] === '!' || source[open + 1] === '?' || source[open + 1] === '/') {
      const close = source.indexOf('>', open + 1);
      i = close === -1 ? source.length : close + 1;
      continue;
    }
    const name = match(NAME, source, open + 1);
    if (name === null) {
      i = open + 1;
      continue;
    }
    const lower = name.toLowerCase();
    const { attributes, end } = attributesFrom(source, open + 1 + name.length);
    const tag: Tag = { name: lower, attributes, offset: open };
    i = end;
    if (RAW_TEXT.has(lower)) {
      const closing = source.toLowerCase().indexOf(`</${lower}`, i);
      const stop = closing === -1 ? source.length : closing;
      if (lower === 'script') tag.text = source.slice(i, stop);
      i = stop;
    }
    tags.push(tag);
  }
  return tags;
}

/** The first value of an attribute, or null. */
export function attribute(tag: Tag, name: string): string | null {
  return tag.attributes.find((entry) => entry.name === name)?.value ?? null;
}
