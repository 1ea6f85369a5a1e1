/**
 * Package ownership: the registry publishes a server.json only when the npm package it names carries
 * the same name in its package.json `mcpName`. An installed package whose mcpName is another name is
 * not this server.json's package (a foreign claim, a fork, or the wrong file); one without mcpName
 * could not have been published with it.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import type { Audited, Declaration } from './input';

export const FOREIGN_MCP_NAME_ID = 'foreign-mcp-name';
export const MISSING_MCP_NAME_ID = 'missing-mcp-name';

export const FOREIGN_MCP_NAME_DEFINITION: FindingDefinition<typeof FOREIGN_MCP_NAME_ID> = {
  id: FOREIGN_MCP_NAME_ID,
  severity: 'high',
  title: 'The package claims another registry name',
  meaning:
    'The npm package that runs this server says in its package.json (mcpName) that it belongs to another server.json name than the one given. The registry ties a name to a package through this field: this server.json does not describe this package, or the package claims a name that is not its own.',
  doesNotTell:
    'Which is genuine: compare both with the registry entry and the repository (the audit does not query the registry).',
  reference: 'MCP registry, package verification (npm: package.json mcpName)',
};

export const MISSING_MCP_NAME_DEFINITION: FindingDefinition<typeof MISSING_MCP_NAME_ID> = {
  id: MISSING_MCP_NAME_ID,
  severity: 'low',
  title: 'The package does not claim a registry name',
  meaning:
    'The server.json names this npm package, but its package.json has no mcpName: the registry would refuse to publish the server.json with it, so the pair cannot be verified.',
  doesNotTell: 'Whether another version of the package carries it: only the installed one is read.',
  reference: 'MCP registry, package verification (npm: package.json mcpName)',
};

export function mcpNameFindings(
  declaration: Declaration,
  audited: Audited,
): Finding<typeof FOREIGN_MCP_NAME_ID | typeof MISSING_MCP_NAME_ID>[] {
  const installed = audited.package;
  const name = declaration.declared.name;
  if (installed === null || name === null) return [];
  if (installed.mcpName !== null && installed.mcpName !== name)
    return [
      raised(
        FOREIGN_MCP_NAME_DEFINITION,
        `${installed.name} says mcpName "${installed.mcpName}"; the ${declaration.kind === 'card' ? 'card' : 'server.json'} says "${name}".`,
      ),
    ];
  const named = declaration.declared.packages.some(
    (pkg) => pkg.registryType === 'npm' && pkg.identifier === installed.name,
  );
  if (installed.mcpName === null && named)
    return [
      raised(MISSING_MCP_NAME_DEFINITION, `${installed.name}'s package.json has no mcpName; expected "${name}".`),
    ];
  return [];
}
