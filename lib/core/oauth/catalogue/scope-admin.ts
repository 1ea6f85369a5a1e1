/** OAuth finding scope-admin: “Admin-like scope offered”. */
import type { FindingDefinition } from '../../finding';

export const SCOPE_ADMIN_DEFINITION: FindingDefinition<'scope-admin'> = {
  id: 'scope-admin',
  severity: 'high',
  title: 'Admin-like scope offered',
  meaning:
    'An admin-like scope is offered: a token with it lets the agent do whatever an administrator can. With no narrower scope, consenting means handing over admin rights.',
  doesNotTell: 'What the scope really allows: its name suggests it.',
  reference: 'MCP specification 2025-11-25, Authorization (scope selection); least privilege',
};
