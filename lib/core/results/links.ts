/**
 * Rule: links in a result (result-links): URLs in its text and structured content, and resource links.
 * Listed so a reviewer sees them; none is followed or loaded, here or in any view of the result.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { ResultBlock } from './blocks';
import { REFERENCE } from './reference';
import type { ResultText } from './result-texts';

export const RESULT_LINKS_DEFINITION: FindingDefinition<'result-links'> = {
  id: 'result-links',
  severity: 'low',
  title: 'The result holds links',
  meaning:
    'The result holds URLs (in its text, its structured content or as resource links). mcp-hintcheck neither follows nor loads them. A model or host that does may fetch content nobody reviewed, and a link can carry data out in its query string.',
  doesNotTell: 'Where a link leads or whether it is safe: it was not followed.',
  reference: `${REFERENCE}; MCP specification, Resource links`,
};

const URL_PATTERN = /\b(?:https?|wss?|ftp|file):\/\/[^\s"'<>`\\\])}]+|\b(?:javascript|data):[^\s"'<>`]{1,200}/gi;
/** At most this many distinct links are listed. */
export const LINK_LIMIT = 50;

/** The distinct links of a result: resource links first, then URLs in its texts, in order. */
export function resultLinks(blocks: readonly ResultBlock[], texts: readonly ResultText[]): string[] {
  const found = new Set<string>();
  for (const block of blocks) if (block.kind === 'resource-link') found.add(block.uri);
  for (const { text } of texts)
    for (const match of text.matchAll(URL_PATTERN)) {
      if (found.size >= LINK_LIMIT) break;
      found.add(match[0].replace(/[.,;:!?]+$/, ''));
    }
  return [...found].slice(0, LINK_LIMIT);
}

export function linkFindings(links: readonly string[]): Finding<'result-links'>[] {
  if (links.length === 0) return [];
  const shown = links
    .slice(0, 3)
    .map((link) => (link.length > 100 ? `${link.slice(0, 100)}…` : link))
    .join(', ');
  const more = links.length > 3 ? ` and ${links.length - 3} more` : '';
  return [
    raised(
      RESULT_LINKS_DEFINITION,
      `${links.length} link${links.length === 1 ? '' : 's'} in the result (not followed): ${shown}${more}.`,
    ),
  ];
}
