/**
 * Evidence class: role and system markers. Text dressed as a layer of the prompt the model trusts
 * more than a tool's documentation: tags (`<IMPORTANT>`, `<HIDDEN>`, `<system>`, `<SYSTEM_PROMPT>`,
 * `<admin>`), chat-template tokens (`<|system|>`, `<|im_start|>`, `[INST]`), bracketed labels
 * (`[SYSTEM: …]`, `[IMPORTANT: …]`, `[ADMIN]`), banners (`### SYSTEM INSTRUCTION ###`,
 * `=== SYSTEM ===`), template slots (`{{SYSTEM}}`), HTML comments holding words (hidden wherever the
 * text is rendered as Markdown or HTML), and JSON directive keys inside a description
 * (`{"_system_injection": …}`, `"instructions":`, `"override":`, `"_hidden":`).
 * A marker alone is not an attack: it needs an order (verdict.ts). Not a marker: the tags honest
 * servers use to structure text (`<examples>`, `<hints>`, `<MCPTruncationWarning>`, `<select>`), a
 * label line ("IMPORTANT: Always use absolute paths", orders.ts notices), a Markdown heading.
 */

export interface Marker {
  /** The marker as written, bounded. */
  phrase: string;
  /** What it sets apart (a tag's or comment's content, a label's text, a key's value), or the rest of the text. */
  block: string;
}

const ROLE = String.raw`(?:important|hidden|secret|system(?:[_ -]?(?:prompt|message|instructions?|override|note|directive))?|admin(?:istrator)?|override|instructions?[_ -]for[_ -](?:the[_ -])?(?:ai|model|assistant|llm)|ai[_ -]instructions?)`;
/** An opening or closing role tag: <IMPORTANT>, </system>, <SYSTEM_PROMPT role="x">. */
const ROLE_TAG = new RegExp(String.raw`<\s*(/?)\s*(${ROLE})\b[^<>]{0,40}>`, 'i');

/** A marker pattern (with the `d` flag: where each group starts) and the group of what it sets apart. */
const MARKERS: readonly { pattern: RegExp; block: number }[] = [
  // Chat-template tokens: <|system|>, <|im_start|>system
  {
    pattern:
      /<\|\s*(?:system|im_start|im_end|assistant|user|begin_of_text|start_header_id|endoftext)\s*\|>([\s\S]{0,2000})/di,
    block: 1,
  },
  { pattern: /\[\/?INST\]([\s\S]{0,2000})/d, block: 1 },
  // Bracketed labels: [SYSTEM: …], [IMPORTANT: …], [ADMIN]
  {
    pattern:
      /\[\s*(?:SYSTEM|ADMIN|HIDDEN|IMPORTANT|OVERRIDE|DEVELOPER|ASSISTANT)(?:\s+(?:PROMPT|MESSAGE|INSTRUCTIONS?|NOTE|OVERRIDE|NOTICE))?\s*(?::([^\]]{0,2000}))?\](?!\()/di,
    block: 1,
  },
  // Banners: ### SYSTEM INSTRUCTION ###, === ADMIN OVERRIDE ===
  {
    pattern:
      /(?:#{2,}|={2,}|-{3,}|\*{3,})\s*(?:[A-Z]+\s+)?(?:SYSTEM|ADMIN|HIDDEN|OVERRIDE|INSTRUCTIONS?)(?:\s+[A-Z]+)?\s*(?:#{2,}|={2,}|-{3,}|\*{3,})([\s\S]{0,2000})/d,
    block: 1,
  },
  // Template slots: {{SYSTEM}}, {{system_prompt}}
  { pattern: /\{\{\s*(?:system|instructions?|admin|hidden|override)\b[^}]{0,40}\}\}([\s\S]{0,2000})/di, block: 1 },
  // A JSON directive key inside a text: {"_system_injection": "…"}
  {
    pattern:
      /["']\s*_*(?:system(?:_\w{0,30})?|\w{0,30}_injection|instructions?|override|hidden|directive|ai_instructions?|note_to_(?:ai|model|assistant)|admin(?:_\w{0,20})?)\s*["']\s*:\s*["']?([^"'}]{0,2000})/di,
    block: 1,
  },
];

const MAX_PHRASE = 80;

/** A role tag with what it encloses (to its closing tag, else to the end; a lone closing tag: what precedes it). */
function roleTag(text: string): Marker | null {
  const match = ROLE_TAG.exec(text);
  if (match === null) return null;
  const end = match.index + match[0].length;
  if (match[1] === '/') return { phrase: match[0], block: text.slice(0, match.index) };
  const close = text.toLowerCase().indexOf(`</${(match[2] ?? '').toLowerCase()}`, end);
  return { phrase: match[0], block: text.slice(end, close === -1 ? undefined : close) };
}

/** The first HTML comment that holds words (two of them at least), with its content. */
function wordyComment(text: string): Marker | null {
  for (let start = text.indexOf('<!--'); start !== -1; start = text.indexOf('<!--', start + 4)) {
    const end = text.indexOf('-->', start + 4);
    const content = text.slice(start + 4, end === -1 ? undefined : end);
    if (/[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(content))
      return { phrase: `<!--${content.slice(0, 60)}`.trim(), block: content };
    if (end === -1) return null;
  }
  return null;
}

/** The role and system markers of a text, each with what it sets apart. */
export function markers(text: string): Marker[] {
  const found = [roleTag(text), wordyComment(text)].filter((marker): marker is Marker => marker !== null);
  for (const { pattern, block } of MARKERS) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const start = match.indices?.[block]?.[0] ?? match.index + match[0].length;
    found.push({
      phrase: text.slice(match.index, start).slice(0, MAX_PHRASE).trim(),
      block: match[block] ?? text.slice(match.index + match[0].length),
    });
  }
  return found;
}
