/** OAuth finding get-405: “POST-only transport (GET answers 405)”. */
import type { FindingDefinition } from '../../finding';

export const GET_405_DEFINITION: FindingDefinition<'get-405'> = {
  id: 'get-405',
  severity: 'info',
  title: 'POST-only transport (GET answers 405)',
  meaning:
    'GET on the endpoint answered 405: the server accepts only POST (application/json), with no server-to-client event stream. That fits a Streamable HTTP server that answers each request directly.',
  doesNotTell: 'Anything about authorization: it describes the transport.',
  reference: 'MCP specification 2025-11-25, Transports: Streamable HTTP',
};
