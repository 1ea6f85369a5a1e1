/** OAuth finding as-not-https: “Authorization endpoint not HTTPS”. */
import type { FindingDefinition } from '../../finding';

export const AS_NOT_HTTPS_DEFINITION: FindingDefinition<'as-not-https'> = {
  id: 'as-not-https',
  severity: 'high',
  title: 'Authorization endpoint not HTTPS',
  meaning:
    'An authorization-server endpoint is not HTTPS. The MCP spec requires HTTPS for all of them (loopback only during development).',
  doesNotTell: 'Whether anything on the path reads the traffic: only that it could.',
  reference: 'MCP specification 2025-11-25, Authorization (communication security)',
};
