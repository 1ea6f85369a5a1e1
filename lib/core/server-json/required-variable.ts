/**
 * A variable (or header) the declaration marks required that the audit did not give the server. When
 * the server then failed to start or answer, this is the likely reason; when it answered anyway, the
 * declaration overstates what it needs, or the server fails later, at the first call that needs it.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { Audited, Declaration } from './input';
import { applicableVariables, sameName } from './variables-of';

export const REQUIRED_VARIABLE_ID = 'declared-variable-missing';

export const REQUIRED_VARIABLE_DEFINITION: FindingDefinition<typeof REQUIRED_VARIABLE_ID> = {
  id: REQUIRED_VARIABLE_ID,
  severity: 'medium',
  title: 'A required variable was not given',
  meaning:
    'The server.json or card marks an environment variable (local package) or header (remote) as required (isRequired), and the audit ran without it: the listing may not show what a configured server shows, or the server did not start for this reason.',
  doesNotTell:
    'Whether the server really needs it: only the names are compared (a value is never read), and a variable the declaration gives a fixed value may be set by the client.',
  reference: 'MCP registry, server.json environmentVariables[] / headers[] (isRequired)',
};

export function requiredVariableFindings(
  declaration: Declaration,
  audited: Audited,
): Finding<typeof REQUIRED_VARIABLE_ID>[] {
  const missing = applicableVariables(declaration, audited)
    .filter((variable) => variable.required && !audited.passed.some((name) => sameName(audited, name, variable.name)))
    .map((variable) => variable.name);
  const unique = [...new Set(missing)];
  if (unique.length === 0) return [];
  const outcome = audited.connected
    ? 'the server answered without it'
    : 'the server did not answer, possibly for this reason';
  return [raised(REQUIRED_VARIABLE_DEFINITION, `Declared required, not given: ${unique.join(', ')} (${outcome}).`)];
}
