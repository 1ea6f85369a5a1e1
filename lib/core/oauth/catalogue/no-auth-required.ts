/** OAuth finding no-auth-required: “Answers without credentials”. */
import type { FindingDefinition } from '../../finding';

export const NO_AUTH_REQUIRED_DEFINITION: FindingDefinition<'no-auth-required'> = {
  id: 'no-auth-required',
  severity: 'high',
  title: 'Answers without credentials',
  meaning:
    'The server answered an MCP initialize request without any credentials: anyone who knows the URL can list and call its tools. That may be intended for a public server; for one that touches your data it is not.',
  doesNotTell: 'Whether that is intended (a public server) or what its tools reach: read the tool list.',
  reference: 'MCP specification 2025-11-25, Authorization',
};
