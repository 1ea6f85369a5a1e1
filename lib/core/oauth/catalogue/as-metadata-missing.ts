/** OAuth finding as-metadata-missing: “No authorization-server metadata”. */
import type { FindingDefinition } from '../../finding';

export const AS_METADATA_MISSING_DEFINITION: FindingDefinition<'as-metadata-missing'> = {
  id: 'as-metadata-missing',
  severity: 'high',
  title: 'No authorization-server metadata',
  meaning:
    'No authorization-server metadata (RFC 8414 or OpenID Connect Discovery) was found at any of the locations the MCP spec lists: clients cannot find its endpoints or check PKCE support.',
  doesNotTell: 'Whether sign-in works some other way: clients following the spec cannot find out.',
  reference: 'RFC 8414; OpenID Connect Discovery 1.0; MCP specification 2025-11-25, Authorization',
};
