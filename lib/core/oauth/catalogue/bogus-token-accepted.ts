/** OAuth finding bogus-token-accepted: “A made-up token was accepted”. */
import type { FindingDefinition } from '../../finding';

export const BOGUS_TOKEN_ACCEPTED_DEFINITION: FindingDefinition<'bogus-token-accepted'> = {
  id: 'bogus-token-accepted',
  severity: 'high',
  title: 'A made-up token was accepted',
  meaning:
    'A made-up bearer token was accepted: the server answered an MCP initialize request carrying a random token as if it were valid. Either it does not validate tokens at all, or it only checks that one is present. Anyone can then use it.',
  doesNotTell: 'Which tools would work with such a token.',
  reference: 'RFC 6750 §3.1; MCP specification 2025-11-25, Authorization (token validation)',
};
