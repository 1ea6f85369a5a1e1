/**
 * What the MCP Apps rules read about one UI resource: its `ui://` URI, the tools that point at it (with
 * their words, visibility and effective hints), its `_meta.ui` (ui-meta.ts), the scan of its HTML when
 * it was read (html-scan.ts), and every tool of the listing with its visibility (for the page's calls).
 */
import type { HtmlScan } from './html-scan';
import type { ResourceUi } from './ui-meta';
import type { Visibility } from './vocabulary';

export interface AppTool {
  name: string;
  /** The tool's title, annotations.title and description: what a person and the model read. */
  texts: string[];
  visibility: Visibility[];
}

export interface AppResourceFacts {
  uri: string;
  /** The tools whose `_meta.ui.resourceUri` names this resource. */
  tools: AppTool[];
  /** The resource's own description (resources/list), read when no tool points at it. */
  description: string | null;
  ui: ResourceUi;
  /** Null when the HTML was not read (no resources capability, an error, not text). */
  scan: HtmlScan | null;
  /** Every tool of the listing by name, with its visibility (absent `_meta.ui`: both). */
  visibilityByTool: ReadonlyMap<string, Visibility[]>;
}

/** At most `max` items, joined, with how many more. */
export function some(items: readonly string[], max = 3): string {
  return `${items.slice(0, max).join(', ')}${items.length > max ? ` and ${items.length - max} more` : ''}`;
}
