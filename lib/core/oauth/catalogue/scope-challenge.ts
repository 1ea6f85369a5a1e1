/** OAuth finding scope-challenge: “The challenge's scope”. */
import type { FindingDefinition } from '../../finding';

export const SCOPE_CHALLENGE_DEFINITION: FindingDefinition<'scope-challenge'> = {
  id: 'scope-challenge',
  severity: 'info',
  title: "The challenge's scope",
  meaning:
    "The 401 challenge's scope (MCP authorization spec, scope selection) is what this request needs, and what a client asks for by default; it may be less than the server offers. Least privilege per request is good practice.",
  doesNotTell: 'What other requests will ask for later (step-up authorization).',
  reference: 'MCP specification 2025-11-25, Authorization (scope selection, step-up)',
};
