/**
 * The MCP Apps vocabulary (SEP-1865, `@modelcontextprotocol/ext-apps`): its MIME type, the legacy flat
 * key, who may call a tool, the CSP fields and the permissions, each held to the package's own types.
 * Kept apart from ui-meta.ts, which reads the package's JSON schema, so the Report's schema and the flag
 * catalogue (both in the dashboard's bundle) never load that schema.
 */
import type { McpUiResourceCsp, McpUiResourcePermissions, McpUiToolVisibility } from '@modelcontextprotocol/ext-apps';

/** The extension's MIME type for a UI resource, and its legacy flat key (the package's constants). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** Who may call the tool; the extension's default when absent is both. */
export const VISIBILITIES = ['model', 'app'] as const satisfies readonly McpUiToolVisibility[];
export type Visibility = (typeof VISIBILITIES)[number];

export const CSP_FIELDS = [
  'connectDomains',
  'resourceDomains',
  'frameDomains',
  'baseUriDomains',
] as const satisfies readonly (keyof McpUiResourceCsp)[];
export type CspField = (typeof CSP_FIELDS)[number];
export type CspDomains = Record<CspField, string[]>;

export const PERMISSIONS = [
  'camera',
  'microphone',
  'geolocation',
  'clipboardWrite',
] as const satisfies readonly (keyof McpUiResourcePermissions)[];
export type Permission = (typeof PERMISSIONS)[number];

/** The tool's declared `_meta.ui.visibility`, known scopes only, or null when it declares none (the default, both). */
export function declaredVisibility(meta: unknown): Visibility[] | null {
  if (typeof meta !== 'object' || meta === null) return null;
  const ui = (meta as Record<string, unknown>).ui;
  if (typeof ui !== 'object' || ui === null) return null;
  const visibility = (ui as Record<string, unknown>).visibility;
  if (!Array.isArray(visibility)) return null;
  return VISIBILITIES.filter((scope) => visibility.includes(scope));
}
