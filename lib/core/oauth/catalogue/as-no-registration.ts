/** OAuth finding as-no-registration: “No self-service client registration”. */
import type { FindingDefinition } from '../../finding';

export const AS_NO_REGISTRATION_DEFINITION: FindingDefinition<'as-no-registration'> = {
  id: 'as-no-registration',
  severity: 'low',
  title: 'No self-service client registration',
  meaning:
    'Neither dynamic registration nor client ID metadata documents are offered: a client needs credentials registered in advance with this authorization server.',
  doesNotTell: 'Whether the operator registers clients on request.',
  reference: 'MCP specification 2025-11-25, Authorization (client registration)',
};
