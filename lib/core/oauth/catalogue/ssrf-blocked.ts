/** OAuth finding ssrf-blocked: “Metadata pointed at a forbidden address”. */
import type { FindingDefinition } from '../../finding';

export const SSRF_BLOCKED_DEFINITION: FindingDefinition<'ssrf-blocked'> = {
  id: 'ssrf-blocked',
  severity: 'high',
  title: 'Metadata pointed at a forbidden address',
  meaning:
    'A URL taken from a server-supplied document pointed at an address mcp-hintcheck will not contact (a private, loopback, link-local or reserved address, or a non-HTTP scheme). Metadata is attacker-controlled; that is how metadata fetchers are turned against internal networks and cloud metadata services.',
  doesNotTell: 'Whether the operator meant harm: the document may just be misconfigured.',
  reference: 'MCP security best practices (SSRF)',
};
