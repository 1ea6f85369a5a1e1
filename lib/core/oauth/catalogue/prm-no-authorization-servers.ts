/** OAuth finding prm-no-authorization-servers: “Metadata names no authorization server”. */
import type { FindingDefinition } from '../../finding';

export const PRM_NO_AUTHORIZATION_SERVERS_DEFINITION: FindingDefinition<'prm-no-authorization-servers'> = {
  id: 'prm-no-authorization-servers',
  severity: 'high',
  title: 'Metadata names no authorization server',
  meaning: 'The metadata names no authorization server, which MCP requires: a client has nowhere to get a token.',
  doesNotTell: 'Which authorization server the operator uses.',
  reference: 'RFC 9728 §2; MCP specification 2025-11-25, Authorization',
};
