/** OAuth finding invalid-token-challenge: “Invalid token refused without the standard challenge”. */
import type { FindingDefinition } from '../../finding';

export const INVALID_TOKEN_CHALLENGE_DEFINITION: FindingDefinition<'invalid-token-challenge'> = {
  id: 'invalid-token-challenge',
  severity: 'low',
  title: 'Invalid token refused without the standard challenge',
  meaning:
    'RFC 6750 §3.1 and the MCP authorization spec: a request with an invalid token must get 401 with WWW-Authenticate: Bearer error="invalid_token", so that a client knows to get a new token rather than retry. The server refused the made-up token (good), but not in that form.',
  doesNotTell: 'Whether real tokens are validated correctly.',
  reference: 'RFC 6750 §3.1; MCP specification 2025-11-25, Authorization',
};
