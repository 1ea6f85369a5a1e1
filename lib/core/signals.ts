/**
 * Signals in the tool itself: words in its name, title or description, and arguments in its input
 * schema, that say what it can do whatever its annotations claim. These are heuristics (word
 * patterns), explained as such by their flags in flags.ts: a match is a reason to read the tool,
 * never proof, and no match proves nothing. MCP security best practices (tool poisoning, SSRF).
 */

/** A tool name as words: run_code, runCode and run-code all read "run code". */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-/]+/g, ' ')
    .toLowerCase();
}

const EXECUTES_CODE =
  /\b(?:exec|execs|execute[sd]?|executing|execution|eval|shell|bash|powershell|subprocess|arbitrary code)\b|\brun(?:s|ning)?\b[^.\n]{0,30}?\b(?:code|scripts?|commands?)\b/i;

const DELETES_DATA =
  /\b(?:delete[sd]?|deleting|deletion|remove[sd]?|removing|drop(?:s|ped)?|destroy(?:s|ed)?|purge[sd]?|wipe[sd]?|erase[sd]?|truncate[sd]?|overwrite[sd]?|unlink)\b/i;

/** The phrase that says the tool runs code or commands, or null. */
export function executesCodePhrase(texts: readonly string[]): string | null {
  for (const text of texts) {
    const match = EXECUTES_CODE.exec(text);
    if (match !== null) return match[0];
  }
  return null;
}

/** The word that says the tool deletes or overwrites, or null. */
export function deletesDataWord(texts: readonly string[]): string | null {
  for (const text of texts) {
    const match = DELETES_DATA.exec(text);
    if (match !== null) return match[0];
  }
  return null;
}

const URL_ARGUMENT = /(?:url|uri|href|endpoint|webhook)$/i;
const URL_FORMATS = new Set(['uri', 'url', 'iri', 'uri-reference', 'iri-reference']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Top-level arguments that take any URL: named like a URL (…url, …uri, …endpoint, …webhook) or
 * declared with a URI format, and not restricted by enum, const or pattern.
 */
export function unrestrictedUrlArguments(inputSchema: unknown): string[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  return Object.entries(inputSchema.properties)
    .filter(([key, schema]) => {
      const property = isRecord(schema) ? schema : {};
      const looksLikeUrl =
        URL_ARGUMENT.test(key) || (typeof property.format === 'string' && URL_FORMATS.has(property.format));
      const restricted = 'enum' in property || 'const' in property || 'pattern' in property;
      return looksLikeUrl && !restricted;
    })
    .map(([key]) => key);
}

/** A name distinctive enough to be a reference when it appears in prose: it has a separator or a hump. */
function isDistinctiveName(name: string): boolean {
  return /[_.-]/.test(name) || /[a-z][A-Z]/.test(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A listing's distinctive names, indexed once per listing (the same array is passed for every tool). */
interface NameIndex {
  /** Distinctive names made only of name characters, with their first position in the listing. */
  plain: Map<string, number>;
  /** Distinctive names with other characters (outside the spec's charset): matched one by one. */
  other: { name: string; position: number; pattern: RegExp }[];
}
const NAME_CHARS = /^[A-Za-z0-9_.-]+$/;
const nameIndexes = new WeakMap<readonly string[], NameIndex>();

function nameIndex(allNames: readonly string[]): NameIndex {
  let index = nameIndexes.get(allNames);
  if (index !== undefined) return index;
  index = { plain: new Map(), other: [] };
  allNames.forEach((name, position) => {
    if (!isDistinctiveName(name) || index.plain.has(name)) return;
    if (NAME_CHARS.test(name)) index.plain.set(name, position);
    else
      index.other.push({
        name,
        position,
        pattern: new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`),
      });
  });
  nameIndexes.set(allNames, index);
  return index;
}

/**
 * Other tools of the same listing that this tool's description or title names, in listing order. A
 * name counts where it stands as a word of its own: not inside a longer name (`a_b` in `x_a_b`), but
 * before a full stop (`call export_members.`). Linear in the text: each run of name characters in
 * the prose (and each of its prefixes that ends before a dot) is looked up in the listing's names.
 */
export function mentionedTools(ownName: string, texts: readonly string[], allNames: readonly string[]): string[] {
  const prose = texts.join('\n');
  if (prose === '') return [];
  const index = nameIndex(allNames);
  const found = new Map<string, number>();
  for (const token of prose.match(/[A-Za-z0-9_.-]+/g) ?? []) {
    const candidates = [token];
    for (let dot = token.indexOf('.'); dot !== -1; dot = token.indexOf('.', dot + 1))
      candidates.push(token.slice(0, dot));
    for (const candidate of candidates) {
      const position = index.plain.get(candidate);
      if (position !== undefined && candidate !== ownName) found.set(candidate, position);
    }
  }
  for (const { name, position, pattern } of index.other) {
    if (name !== ownName && pattern.test(prose)) found.set(name, position);
  }
  return [...found].sort((a, b) => a[1] - b[1]).map(([name]) => name);
}
