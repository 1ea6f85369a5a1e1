/**
 * Which UI resources an audit reads (every `ui://` resource a tool points at, then the listed MCP App
 * resources no tool names, at most MAX_APP_READS), and the shape of one read as lib/server hands it in:
 * the HTML kept up to MAX_APP_HTML characters, never run.
 */
import { isRecord } from '../is-record';
import { activeContentKind } from '../surface/active-content';
import { toolUiOf } from './ui-meta';

export const MAX_APP_READS = 20;
/** Characters of a UI resource's HTML kept and scanned (its first 256 KiB of text, about). */
export const MAX_APP_HTML = 256 * 1024;

export interface AppRead {
  uri: string;
  /** The HTML (text content), cut at MAX_APP_HTML; null when the read failed or returned a blob only. */
  text: string | null;
  /** Characters of the text as served, before the cut. */
  length: number;
  truncated: boolean;
  mimeType: string | null;
  /** The content item's `_meta`, as sent. */
  meta: unknown;
  error: string | null;
}

/** The UI resources to read: what tools point at, then listed app resources, deduplicated and capped. */
export function appResourceUris(tools: readonly unknown[], resources: readonly unknown[]): string[] {
  const uris: string[] = [];
  for (const tool of tools) {
    const uri = isRecord(tool) ? toolUiOf(tool._meta)?.resourceUri : null;
    if (typeof uri === 'string' && uri.toLowerCase().startsWith('ui://')) uris.push(uri);
  }
  for (const resource of resources) {
    if (
      isRecord(resource) &&
      typeof resource.uri === 'string' &&
      activeContentKind(resource.uri, resource.mimeType) === 'mcp-app'
    )
      uris.push(resource.uri);
  }
  return [...new Set(uris)].slice(0, MAX_APP_READS);
}
