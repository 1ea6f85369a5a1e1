/**
 * Resources that are active content: MCP Apps UI resources (`ui://` URIs,
 * `text/html;profile=mcp-app`) and plain `text/html`. A host that renders them runs the server's
 * HTML and script in a frame next to the conversation; one that passes them to the model hands it
 * markup written by the server.
 */
import type { FlagDefinition } from '../finding';

export const ACTIVE_CONTENT_ID = 'active-content';

export const ACTIVE_CONTENT_DEFINITION: FlagDefinition<typeof ACTIVE_CONTENT_ID> = {
  id: ACTIVE_CONTENT_ID,
  severity: 'medium',
  title: 'Active content (HTML or an MCP App)',
  meaning:
    "The resource is an MCP Apps UI resource (ui:// or text/html;profile=mcp-app) or HTML. Hosts that support MCP Apps render it, with its script, in a sandboxed frame that can call the server's tools; others may hand the markup to the model.",
  default: null,
  doesNotTell: "What the page does: its content was not read. The host's sandbox decides what it can reach.",
  reference: 'MCP Apps extension (SEP-1865, io.modelcontextprotocol/ui); MCP specification, Resources',
};

export type ActiveContentKind = 'mcp-app' | 'html';

/** Whether a resource (or template) is active content, and which kind. */
export function activeContentKind(uri: unknown, mimeType: unknown): ActiveContentKind | null {
  const mime = typeof mimeType === 'string' ? mimeType.toLowerCase().replace(/\s+/g, '') : '';
  if ((typeof uri === 'string' && uri.toLowerCase().startsWith('ui://')) || mime.includes('profile=mcp-app'))
    return 'mcp-app';
  if (mime.startsWith('text/html') || mime.startsWith('application/xhtml')) return 'html';
  return null;
}
