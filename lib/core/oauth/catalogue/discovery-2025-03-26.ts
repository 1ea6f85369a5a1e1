/** OAuth finding discovery-2025-03-26: “Discovery of the 2025-03-26 spec”. */
import type { FindingDefinition } from '../../finding';

export const DISCOVERY_2025_03_26_DEFINITION: FindingDefinition<'discovery-2025-03-26'> = {
  id: 'discovery-2025-03-26',
  severity: 'medium',
  title: 'Discovery of the 2025-03-26 spec',
  meaning:
    "The server uses the discovery of the MCP 2025-03-26 authorization spec: no protected-resource metadata (RFC 9728), the MCP server's origin acts as the authorization server, with its metadata at /.well-known/oauth-authorization-server (RFC 8414) or, when there is none, the default endpoints /authorize, /token and /register. Since 2025-06-18 the spec requires protected-resource metadata and describes no fallback: a host on the current revision (2025-11-25) that follows it strictly cannot sign in here, while hosts that kept the back-compatibility path (the official SDKs did) fall back as this check did. With default endpoints nothing is published, so PKCE support and the issuer cannot be checked before signing in.",
  doesNotTell: 'That the server is otherwise out of date.',
  reference: 'MCP specification 2025-03-26 and 2025-11-25, Authorization',
};
