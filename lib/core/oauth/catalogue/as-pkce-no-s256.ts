/** OAuth finding as-pkce-no-s256: “PKCE without S256”. */
import type { FindingDefinition } from '../../finding';

export const AS_PKCE_NO_S256_DEFINITION: FindingDefinition<'as-pkce-no-s256'> = {
  id: 'as-pkce-no-s256',
  severity: 'high',
  title: 'PKCE without S256',
  meaning: 'code_challenge_methods_supported does not list S256, the only PKCE method MCP accepts.',
  doesNotTell: 'Whether the server would accept S256 anyway: it does not say.',
  reference: 'RFC 7636 §4.2; MCP specification 2025-11-25, Authorization (PKCE)',
};
