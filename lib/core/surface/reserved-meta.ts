/**
 * `_meta` keys under a reserved prefix. Keys are `prefix/name`; a prefix is dot-separated labels,
 * and a prefix whose second label is `modelcontextprotocol` or `mcp` (io.modelcontextprotocol/…,
 * dev.mcp/…) is reserved for the MCP specification and its official extensions.
 */
import type { FlagDefinition } from '../finding';

export const RESERVED_META_ID = 'reserved-meta-key';

export const RESERVED_META_DEFINITION: FlagDefinition<typeof RESERVED_META_ID> = {
  id: RESERVED_META_ID,
  severity: 'low',
  title: '_meta key under a reserved prefix',
  meaning:
    'The item sets a _meta key whose prefix is reserved for MCP itself (second label modelcontextprotocol or mcp). Clients may give such keys a meaning (for example MCP Apps UI links), so a server that invents its own keys there can change what a client does, now or when the spec defines them.',
  default: null,
  doesNotTell:
    'Whether the key is a legitimate official extension (such as an MCP Apps link) or an invention: read the key and its value.',
  reference: 'MCP specification 2025-06-18 and later, Basic: _meta (reserved prefixes)',
};

/** Reserved keys in a `_meta` value (nothing when it is not an object). */
export function reservedMetaKeys(meta: unknown): string[] {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return [];
  return Object.keys(meta).filter((key) => {
    const slash = key.indexOf('/');
    if (slash <= 0) return false;
    const label = key.slice(0, slash).split('.')[1]?.toLowerCase();
    return label === 'modelcontextprotocol' || label === 'mcp';
  });
}
