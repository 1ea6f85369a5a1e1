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

/** Other tools of the same listing that this tool's description or title names, in listing order. */
export function mentionedTools(ownName: string, texts: readonly string[], allNames: readonly string[]): string[] {
  const prose = texts.join('\n');
  if (prose === '') return [];
  const found: string[] = [];
  for (const name of allNames) {
    if (name === ownName || found.includes(name) || !isDistinctiveName(name)) continue;
    if (new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`).test(prose)) found.push(name);
  }
  return found;
}
