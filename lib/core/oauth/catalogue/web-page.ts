/** OAuth finding web-page: “A web page, not an MCP endpoint”. */
import type { FindingDefinition } from '../../finding';

export const WEB_PAGE_DEFINITION: FindingDefinition<'web-page'> = {
  id: 'web-page',
  severity: 'medium',
  title: 'A web page, not an MCP endpoint',
  meaning:
    'The URL answered the MCP initialize request (and the GET for an event stream) with an HTML page and no MCP answer or sign-in challenge: it leads to a site, a login page, a proxy or a captive portal, not to an MCP server. Nothing else is judged: an open page is not an open MCP server, and a site that answers every path with its page is not broken metadata.',
  doesNotTell: 'Where the MCP endpoint is: check the path (often /mcp) and any proxy settings.',
  reference: 'MCP specification 2025-11-25, Transports (Streamable HTTP)',
};
