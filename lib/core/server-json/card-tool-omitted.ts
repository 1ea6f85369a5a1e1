/**
 * A tool the server lists that its card does not name: whoever approved the server from its card did
 * not see this tool.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { Audited, Declaration } from './input';

export const CARD_TOOL_OMITTED_ID = 'card-tool-omitted';

export const CARD_TOOL_OMITTED_DEFINITION: FindingDefinition<typeof CARD_TOOL_OMITTED_ID> = {
  id: CARD_TOOL_OMITTED_ID,
  severity: 'medium',
  title: 'The server lists a tool its card omits',
  meaning:
    "tools/list returned a tool the server card does not name. A card that lists tools is read as the server's surface before anyone connects: a tool missing from it was not seen by whoever approved the server from the card.",
  doesNotTell: 'Whether the tool is harmful: only that the card is not the whole surface.',
  reference: 'SEP-2127 (MCP Server Cards, experimental extension); MCP specification, Tools (tools/list)',
};

export function cardToolOmittedFindings(
  declaration: Declaration,
  audited: Audited,
): Finding<typeof CARD_TOOL_OMITTED_ID>[] {
  const { tools } = declaration.declared;
  if (tools === null || audited.listedTools === null) return [];
  const onCard = new Set(tools);
  const omitted = audited.listedTools.filter((name) => !onCard.has(name));
  if (omitted.length === 0) return [];
  return [
    raised(
      CARD_TOOL_OMITTED_DEFINITION,
      `Listed, not on the card: ${omitted.slice(0, 8).join(', ')}${omitted.length > 8 ? ', …' : ''}.`,
    ),
  ];
}
