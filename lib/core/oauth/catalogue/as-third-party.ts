/** OAuth finding as-third-party: “Tokens issued by another domain”. */
import type { FindingDefinition } from '../../finding';

export const AS_THIRD_PARTY_DEFINITION: FindingDefinition<'as-third-party'> = {
  id: 'as-third-party',
  severity: 'medium',
  title: 'Tokens issued by another domain',
  meaning:
    "Tokens for this server are issued by a different domain than the server's own. That is common (an identity provider) and may be fine: decide whether you recognise that domain before the OAuth screen appears.",
  doesNotTell: "Whether that domain is trustworthy: only that it is not the server's own.",
  reference: 'MCP specification 2025-11-25, Authorization (authorization server discovery)',
};
