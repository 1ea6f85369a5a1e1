/**
 * Signal: the tool returns text written by third parties: issues, comments, pull or merge requests,
 * messages, threads and channel history, emails, web pages and URLs, search results, documents and
 * documentation, posts, reviews, tickets. Read from its name, the first sentence of its title or
 * description, and the field names of its output schema; only for a read (declared read-only, or a
 * name or description whose verb reads: get, list, search, fetch, scrape…; decided by the caller,
 * lib/core/flags/catalogue.ts, from inferred-effect.ts). What the server returns
 * reaches the model like anything else: a stranger's text in an issue or a page can carry
 * instructions (prompt injection). It is the untrusted-content leg of the session triangle
 * (session/findings.ts); in the risk order it has no strength (it says where text comes from, not
 * what the tool can do). Phrase patterns.
 */
import { raised, type FlagDefinition } from '../finding';
import type { SignalRule } from './signal-rule';
import { isRecord } from '../is-record';
import { affirmedPhrase, firstSentence, nameWords } from './words';

export const UNTRUSTED_CONTENT_ID = 'untrusted-content';

const WRITTEN_BY_OTHERS = new RegExp(
  [
    String.raw`\b(?:issues?|comments?|pull[ _-]?requests?|merge[ _-]?requests?|threads?|replies|e-?mails?|inbox(?:es)?|posts?|reviews?|discussions?|tickets?|conversations?|articles?|news)\b`,
    // Messages people write (not a console's, a log's or a commit's), and a channel's history.
    String.raw`\b(?<!(?:console|log|error|status|commit|warning) )messages\b|\b(?:channel|chat|message|conversation) history\b`,
    // The web: pages, sites, search results, what a URL holds.
    String.raw`\bweb ?pages?\b|\bwebsites?\b|\b(?:the|public|open) web\b|\bweb (?:search|results?|content)\b|\bsnapshot of the (?:current )?page\b`,
    String.raw`\bcontents? (?:of|from) (?:(?:a|the|any|single|one|[a-z]+ (?:and|or))\s+)*(?:urls?|web ?pages?|websites?)\b`,
    // Pages and documents a workspace shares, and documentation others publish.
    String.raw`\b(?:retrieve|get|read|fetch)s?\s+(?:a|the)\s+(?:page|block|database)s?\b|\bdocumentation\b|\bdocs\b`,
  ].join('|'),
  'i',
);

/** The field names of the output schema's top level (and of its items), as words. */
function outputFields(outputSchema: unknown): string[] {
  if (!isRecord(outputSchema) || !isRecord(outputSchema.properties)) return [];
  return Object.keys(outputSchema.properties).map(nameWords);
}

/**
 * What says the tool returns text written by third parties, or null. `isRead`: whether the tool is
 * a read (declared read-only, or named with a read verb: the caller decides, inferred-effect.ts).
 */
export function untrustedContent(
  name: string,
  prose: readonly string[],
  outputSchema: unknown,
  isRead: boolean,
): string | null {
  if (!isRead) return null;
  return affirmedPhrase(
    [nameWords(name), ...prose.map(firstSentence), ...outputFields(outputSchema)],
    [WRITTEN_BY_OTHERS],
  );
}

export const UNTRUSTED_CONTENT_DEFINITION: FlagDefinition<typeof UNTRUSTED_CONTENT_ID> = {
  id: UNTRUSTED_CONTENT_ID,
  severity: 'low',
  title: 'Returns text written by others',
  meaning:
    'A read whose name, first sentence or output fields say it returns text that third parties write: issues, comments, pull requests, messages, threads and channel history, emails, web pages, search results, documents. What the server returns reaches the model like anything else, and a stranger can write instructions into an issue or a page (prompt injection). With a tool that reads private data and one that sends data out in the same session, it is the exfiltration triangle. It orders nothing in the risk order. Heuristic: phrase patterns.',
  default: null,
  doesNotTell:
    'Who can write there (a private repository or channel is less exposed than a public one), or whether the client marks the text as untrusted; a tool that returns such text without saying so is not caught.',
  reference:
    'MCP security best practices (prompt injection); Simon Willison, "The lethal trifecta" (2025): exposure to untrusted content',
};

export const untrustedContentRule: SignalRule<typeof UNTRUSTED_CONTENT_ID> = {
  definition: UNTRUSTED_CONTENT_DEFINITION,
  check({ name, prose, outputSchema, isRead }) {
    const untrusted = untrustedContent(name, prose, outputSchema, isRead);
    return untrusted === null
      ? null
      : raised(
          UNTRUSTED_CONTENT_DEFINITION,
          `Says "${untrusted}": it returns text others write, which reaches the model.`,
        );
  },
};
