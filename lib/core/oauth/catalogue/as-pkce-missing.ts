/** OAuth finding as-pkce-missing: “PKCE support not advertised”. */
import type { FindingDefinition } from '../../finding';

export const AS_PKCE_MISSING_DEFINITION: FindingDefinition<'as-pkce-missing'> = {
  id: 'as-pkce-missing',
  severity: 'high',
  title: 'PKCE support not advertised',
  meaning:
    'The metadata has no code_challenge_methods_supported. MCP clients must refuse to proceed without it: PKCE support cannot be verified.',
  doesNotTell: 'Whether the server would in fact enforce PKCE: it does not say.',
  reference: 'RFC 8414 §2; RFC 7636; MCP specification 2025-11-25, Authorization (PKCE)',
};
