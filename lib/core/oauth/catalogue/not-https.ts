/** OAuth finding not-https: “Endpoint is plain HTTP”. */
import type { FindingDefinition } from '../../finding';

export const NOT_HTTPS_DEFINITION: FindingDefinition<'not-https'> = {
  id: 'not-https',
  severity: 'high',
  title: 'Endpoint is plain HTTP',
  meaning:
    'The MCP endpoint is plain HTTP: tokens and tool results cross the network unencrypted. The MCP authorization spec requires HTTPS except for loopback development.',
  doesNotTell: 'Whether anything on the path reads or changes the traffic: only that it could.',
  reference: 'MCP specification 2025-11-25, Authorization (communication security)',
};
