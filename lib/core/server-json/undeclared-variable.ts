/**
 * A variable (or header) the audit had to give the server that the declaration does not list: a
 * client configured from the server.json alone would not set it.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { Audited, Declaration } from './input';
import { applicableVariables, sameName } from './variables-of';

export const UNDECLARED_VARIABLE_ID = 'undeclared-variable';

export const UNDECLARED_VARIABLE_DEFINITION: FindingDefinition<typeof UNDECLARED_VARIABLE_ID> = {
  id: UNDECLARED_VARIABLE_ID,
  severity: 'low',
  title: 'A variable given to the server is not declared',
  meaning:
    'The audit passed an environment variable (local package) or header (remote) that the server.json or card does not declare: a client configured from the declaration would not set it, and would not know to treat it as a secret.',
  doesNotTell:
    'Whether the server reads it: the audit passes what you gave it (--env, --header), and the variable may be meant for something else.',
  reference: 'MCP registry, server.json environmentVariables[] / headers[]',
};

export function undeclaredVariableFindings(
  declaration: Declaration,
  audited: Audited,
): Finding<typeof UNDECLARED_VARIABLE_ID>[] {
  const declared = applicableVariables(declaration, audited);
  const extra = audited.passed.filter((name) => !declared.some((variable) => sameName(audited, name, variable.name)));
  if (extra.length === 0) return [];
  return [raised(UNDECLARED_VARIABLE_DEFINITION, `Given to the server, not declared: ${extra.join(', ')}.`)];
}
