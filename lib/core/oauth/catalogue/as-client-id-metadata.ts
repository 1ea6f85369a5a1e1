/** OAuth finding as-client-id-metadata: “Client ID metadata documents accepted”. */
import type { FindingDefinition } from '../../finding';

export const AS_CLIENT_ID_METADATA_DEFINITION: FindingDefinition<'as-client-id-metadata'> = {
  id: 'as-client-id-metadata',
  severity: 'info',
  title: 'Client ID metadata documents accepted',
  meaning:
    'The authorization server accepts client ID metadata documents: a client identifies itself by a URL it controls, the registration method newer MCP specs prefer.',
  doesNotTell: 'Which clients the server will trust: it decides per document.',
  reference: 'MCP specification 2025-11-25, Authorization (client ID metadata documents)',
};
