/**
 * A tool the server card lists that the server does not: a client that chose the server from its card
 * expects a tool it will not get (or gets only after a capability or sign-in the audit did not have).
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { Audited, Declaration } from './input';

export const CARD_TOOL_UNLISTED_ID = 'card-tool-unlisted';

export const CARD_TOOL_UNLISTED_DEFINITION: FindingDefinition<typeof CARD_TOOL_UNLISTED_ID> = {
  id: CARD_TOOL_UNLISTED_ID,
  severity: 'medium',
  title: 'The card lists a tool the server does not',
  meaning:
    'The server card names a tool that tools/list did not return. The card is what a client reads before it connects: it promises a tool the server does not serve to this client (stale card, or a tool behind a capability or a sign-in).',
  doesNotTell:
    'Whether the tool exists for other clients: servers may list tools per client capability or per user (try --capabilities host, or --login).',
  reference: 'SEP-2127 (MCP Server Cards, experimental extension); MCP specification, Tools (tools/list)',
};

export function cardToolUnlistedFindings(
  declaration: Declaration,
  audited: Audited,
): Finding<typeof CARD_TOOL_UNLISTED_ID>[] {
  const { tools } = declaration.declared;
  if (tools === null || audited.listedTools === null) return [];
  const listed = new Set(audited.listedTools);
  const missing = tools.filter((name) => !listed.has(name));
  if (missing.length === 0) return [];
  return [
    raised(
      CARD_TOOL_UNLISTED_DEFINITION,
      `On the card, not listed: ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ', …' : ''}.`,
    ),
  ];
}
