/**
 * A server.json the registry's schema refuses (schema.ts, version 2025-12-11). The registry would not
 * publish it, and a client reading it may install or configure the server wrongly.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { SERVER_JSON_SCHEMA_VERSION, validateServerJson } from './schema';
import type { Declaration } from './input';

export const SERVER_JSON_INVALID_ID = 'server-json-invalid';

export const SERVER_JSON_INVALID_DEFINITION: FindingDefinition<typeof SERVER_JSON_INVALID_ID> = {
  id: SERVER_JSON_INVALID_ID,
  severity: 'medium',
  title: 'server.json does not match the registry schema',
  meaning: `The server.json breaks the MCP registry's published JSON Schema (${SERVER_JSON_SCHEMA_VERSION}): the registry refuses to publish it, and a client that installs or configures the server from it may get it wrong.`,
  doesNotTell:
    'Whether a newer schema accepts it: the document is checked against the vendored version only (its $schema is reported).',
  reference: 'MCP registry, server.json schema (static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json)',
};

/** At most one finding: the first few problems the schema reports. Cards are not server.json: not checked. */
export function invalidFindings(declaration: Declaration): Finding<typeof SERVER_JSON_INVALID_ID>[] {
  if (declaration.kind === 'card') return [];
  const verdict = validateServerJson(declaration.document);
  if (verdict.valid) return [];
  const shown = verdict.problems.slice(0, 5).join('; ') + (verdict.problems.length > 5 ? '; …' : '');
  return [raised(SERVER_JSON_INVALID_DEFINITION, `The schema refuses it: ${shown}.`)];
}
