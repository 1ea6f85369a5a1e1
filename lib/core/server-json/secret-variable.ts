/**
 * A declared variable whose name says it holds a secret (API_KEY, GITHUB_TOKEN, Authorization) but
 * that is not marked isSecret: clients store and show its value in clear.
 */
import { isSecretName } from '../config/secrets';
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { Declaration } from './input';

export const SECRET_NOT_MARKED_ID = 'secret-not-marked';

export const SECRET_NOT_MARKED_DEFINITION: FindingDefinition<typeof SECRET_NOT_MARKED_ID> = {
  id: SECRET_NOT_MARKED_ID,
  severity: 'medium',
  title: 'A secret variable is not marked secret',
  meaning:
    'The server.json or card declares a variable or header whose name says it holds a credential, without isSecret: true. Clients that follow the declaration keep its value in clear (shown in forms, written to configuration files).',
  doesNotTell: 'Whether the value is a secret: the name is all that is read.',
  reference: 'MCP registry, server.json Input.isSecret',
};

export function secretVariableFindings(declaration: Declaration): Finding<typeof SECRET_NOT_MARKED_ID>[] {
  const names = declaration.declared.transports
    .flatMap((transport) => transport.variables)
    .filter((variable) => !variable.secret && isSecretName(variable.name))
    .map((variable) => variable.name);
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  return [raised(SECRET_NOT_MARKED_DEFINITION, `Named like a secret, not marked isSecret: ${unique.join(', ')}.`)];
}
