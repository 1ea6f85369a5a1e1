/**
 * A prompt, resource or template that breaks its list's shape: a required field missing or not a
 * string (prompt name; resource uri and name; template uriTemplate and name), or prompt arguments
 * that are not an array. Spec: MCP Server features: Prompts (Prompt), Resources (Resource,
 * ResourceTemplate).
 */
import type { FlagDefinition } from '../finding';

export const MALFORMED_ITEM_ID = 'malformed-item';

export const MALFORMED_ITEM_DEFINITION: FlagDefinition<typeof MALFORMED_ITEM_ID> = {
  id: MALFORMED_ITEM_ID,
  severity: 'medium',
  title: 'Item does not follow the spec shape',
  meaning:
    'A required field is missing or has the wrong type. Strict clients (the official SDK among them) reject the whole list because of one such item, so none of its neighbours reach the agent either; lenient ones show it half-broken.',
  default: null,
  doesNotTell: 'What the server meant: ask its authors to fix the item.',
  reference: 'MCP specification, Server features: Prompts and Resources (list result shapes)',
};
