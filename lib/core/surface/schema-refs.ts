/**
 * `$ref`s in a tool's schemas that point outside the document (a URL, or another file). MCP
 * 2026-07-28 (Tools: JSON Schema usage) says implementations must not fetch network references:
 * the schema a client validates against is then not the one the server meant. Never fetched here.
 */
import type { FlagDefinition } from '../finding';

export const EXTERNAL_REF_ID = 'external-schema-ref';

export const EXTERNAL_REF_DEFINITION: FlagDefinition<typeof EXTERNAL_REF_ID> = {
  id: EXTERNAL_REF_ID,
  severity: 'medium',
  title: 'Schema refers to an external document',
  meaning:
    'inputSchema or outputSchema has a $ref to a URL or another document. Clients must not fetch it (the spec forbids network $refs), so the part it names is unchecked: arguments there are validated against nothing. mcp-hintcheck never fetches it either.',
  default: null,
  doesNotTell: 'What the referenced schema says, or whether the URL is reachable or hostile.',
  reference: 'MCP specification 2026-07-28, Tools: JSON Schema usage ($ref resolution)',
};

/** Every `$ref` that does not start with "#" (a same-document reference), with its path. */
export function externalRefs(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((child, i) => externalRefs(child, `${path}[${i}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const here = path === '' ? key : `${path}.${key}`;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) found.push(`${here}: ${value}`);
    else found.push(...externalRefs(value, here));
  }
  return found;
}
