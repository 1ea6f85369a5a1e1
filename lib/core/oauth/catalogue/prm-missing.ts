/** OAuth finding prm-missing: “No protected-resource metadata”. */
import type { FindingDefinition } from '../../finding';

export const PRM_MISSING_DEFINITION: FindingDefinition<'prm-missing'> = {
  id: 'prm-missing',
  severity: 'high',
  title: 'No protected-resource metadata',
  meaning:
    "No protected-resource metadata (RFC 9728) was found at the challenge's resource_metadata URL or at the well-known locations. An MCP server that needs authorization must publish it, or clients cannot find out who issues its tokens.",
  doesNotTell: 'Whether the server needs authorization at all, or where its tokens come from.',
  reference: 'RFC 9728; MCP specification 2025-11-25, Authorization (authorization server discovery)',
};
