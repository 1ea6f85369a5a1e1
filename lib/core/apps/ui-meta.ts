/**
 * What a tool and a UI resource say about an MCP App (SEP-1865, `@modelcontextprotocol/ext-apps`):
 * the tool's `_meta.ui` (its `resourceUri`, a `ui://` resource, and its `visibility`; the legacy flat
 * `_meta["ui/resourceUri"]` read too, as hosts must) and the resource's `_meta.ui` (`csp`,
 * `permissions`, `domain`, `prefersBorder`), each checked against the extension's published JSON
 * schema (the package's `schema.json`, read as data) and read tolerantly whatever the check says.
 */
import { z } from 'zod';
import type { McpUiResourceMeta, McpUiToolMeta } from '@modelcontextprotocol/ext-apps';
import extAppsSchema from '@modelcontextprotocol/ext-apps/schema.json';
import { isRecord } from '../is-record';
import {
  CSP_FIELDS,
  LEGACY_RESOURCE_URI_KEY,
  PERMISSIONS,
  VISIBILITIES,
  type CspDomains,
  type Permission,
  type Visibility,
} from './vocabulary';

export {
  CSP_FIELDS,
  PERMISSIONS,
  VISIBILITIES,
  type CspDomains,
  type CspField,
  type Permission,
  type Visibility,
} from './vocabulary';

export interface ToolUi {
  resourceUri: string | null;
  visibility: Visibility[];
  /** False when the tool sent no visibility (the default, both, applies). */
  visibilityDeclared: boolean;
  /** Where the tool's `_meta.ui` breaks the extension's schema (empty when it follows it). */
  schemaProblems: string[];
}

export interface ResourceUi {
  csp: CspDomains;
  permissions: Permission[];
  domain: string | null;
  prefersBorder: boolean | null;
  schemaProblems: string[];
}

type Defs = Record<string, unknown>;
const defs = (extAppsSchema as { $defs: Defs }).$defs;

// Built on first use: the conversion costs tens of milliseconds and most servers are not apps.
let validators: { tool: z.ZodType; resource: z.ZodType } | null = null;
function validatorsOf(): { tool: z.ZodType; resource: z.ZodType } {
  validators ??= {
    tool: z.fromJSONSchema(defs.McpUiToolMeta as Parameters<typeof z.fromJSONSchema>[0]),
    resource: z.fromJSONSchema(defs.McpUiResourceMeta as Parameters<typeof z.fromJSONSchema>[0]),
  };
  return validators;
}

function problemsOf(schema: z.ZodType, value: unknown, label: string): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${[label, ...issue.path.map(String)].join('.')}: ${issue.message}`);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The MCP Apps part of a tool's raw `_meta`, or null when the tool names no UI and declares no visibility. */
export function toolUiOf(meta: unknown): ToolUi | null {
  if (!isRecord(meta)) return null;
  const ui = meta.ui;
  const legacy = meta[LEGACY_RESOURCE_URI_KEY];
  if (ui === undefined && legacy === undefined) return null;
  const record: Partial<Record<keyof McpUiToolMeta, unknown>> = isRecord(ui) ? ui : {};
  const uri = typeof record.resourceUri === 'string' ? record.resourceUri : typeof legacy === 'string' ? legacy : null;
  const declared = Array.isArray(record.visibility);
  const visibility = declared
    ? VISIBILITIES.filter((scope) => strings(record.visibility).includes(scope))
    : [...VISIBILITIES];
  const schemaProblems = ui === undefined ? [] : problemsOf(validatorsOf().tool, ui, '_meta.ui');
  if (legacy !== undefined && typeof legacy !== 'string')
    schemaProblems.push(`_meta["${LEGACY_RESOURCE_URI_KEY}"] is not a string`);
  return { resourceUri: uri, visibility, visibilityDeclared: declared, schemaProblems };
}

/**
 * The MCP Apps part of a UI resource: its `_meta.ui` from the resources/read content when it has one
 * (hosts read it there first), else from its resources/list entry.
 */
export function resourceUiOf(contentMeta: unknown, listedMeta: unknown): ResourceUi {
  const pick = (meta: unknown): unknown => (isRecord(meta) ? meta.ui : undefined);
  const ui = pick(contentMeta) ?? pick(listedMeta);
  const record: Partial<Record<keyof McpUiResourceMeta, unknown>> = isRecord(ui) ? ui : {};
  const csp = isRecord(record.csp) ? record.csp : {};
  const permissions = isRecord(record.permissions) ? record.permissions : {};
  return {
    csp: Object.fromEntries(CSP_FIELDS.map((field) => [field, strings(csp[field])])) as CspDomains,
    permissions: PERMISSIONS.filter((permission) => permissions[permission] !== undefined),
    domain: typeof record.domain === 'string' ? record.domain : null,
    prefersBorder: typeof record.prefersBorder === 'boolean' ? record.prefersBorder : null,
    schemaProblems: ui === undefined ? [] : problemsOf(validatorsOf().resource, ui, '_meta.ui'),
  };
}
