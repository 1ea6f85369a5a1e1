/** OAuth finding scope-single: “A single scope: no partial grant”. */
import type { FindingDefinition } from '../../finding';

export const SCOPE_SINGLE_DEFINITION: FindingDefinition<'scope-single'> = {
  id: 'scope-single',
  severity: 'medium',
  title: 'A single scope: no partial grant',
  meaning:
    "Only one scope is offered (the metadata's scopes_supported, or the challenge's scope when no list is published), so no partial grant is possible: the agent gets everything the scope covers or nothing. The challenge's scope alone is not judged: it is what one request needs, not what the server offers.",
  doesNotTell: "What the scope covers: read the authorization server's documentation.",
  reference: 'MCP specification 2025-11-25, Authorization (scope selection)',
};
