/** OAuth finding prm-bearer-methods: “Token accepted outside the Authorization header”. */
import type { FindingDefinition } from '../../finding';

export const PRM_BEARER_METHODS_DEFINITION: FindingDefinition<'prm-bearer-methods'> = {
  id: 'prm-bearer-methods',
  severity: 'medium',
  title: 'Token accepted outside the Authorization header',
  meaning:
    'bearer_methods_supported (RFC 9728 §2) lists a way to send the token other than the Authorization header. The MCP authorization spec requires the header; a token in a query string (RFC 6750 §2.3) lands in logs, histories and Referer headers, one in a form body is easy to replay.',
  doesNotTell: 'That the server also refuses the header.',
  reference: 'RFC 9728 §2; RFC 6750 §2; MCP specification 2025-11-25, Authorization (token requirements)',
};
