/**
 * The MCP Apps section of a Report (SEP-1865): each UI resource with the tools that show it and their
 * visibility, its CSP domains, permissions and domain (its `_meta.ui`), the HTML as read (kept as text,
 * never run; shown escaped) with what its source loads and where it sends data, and its findings
 * (lib/core/apps/). Absent when no tool points at a UI and no listed resource is an MCP App.
 */
import { z } from 'zod';
import { flagSchema } from '../flags/schema';
import { appFindings } from '../apps/definitions';
import type { AppTool } from '../apps/facts';
import { scanHtml } from '../apps/html-scan';
import type { AppRead } from '../apps/reads';
import { CSP_FIELDS, PERMISSIONS, VISIBILITIES, resourceUiOf, toolUiOf, type Visibility } from '../apps/ui-meta';
import { isRecord } from '../is-record';
import type { ResourceReport } from './surface-report';
import type { ToolReport } from './tool-report';

const strings = z.array(z.string());

export const htmlScanSchema = z.object({
  scripts: strings,
  inlineScripts: z.number().int(),
  frames: strings,
  connects: z.array(
    z.object({ kind: z.enum(['fetch', 'xhr', 'websocket', 'eventsource', 'beacon']), url: z.string() }),
  ),
  forms: z.array(z.object({ action: z.string(), method: z.string() })),
  handlers: strings,
  redirects: z.array(z.object({ kind: z.enum(['base', 'meta-refresh']), url: z.string() })),
  toolCalls: strings,
});

export const appResourceReportSchema = z.object({
  uri: z.string(),
  /** The tools whose _meta.ui.resourceUri names it, with who may call each. */
  tools: z.array(
    z.object({ name: z.string(), visibility: z.array(z.enum(VISIBILITIES)), visibilityDeclared: z.boolean() }),
  ),
  /** Whether resources/list carried it. */
  listed: z.boolean(),
  mimeType: z.string().nullable(),
  csp: z.object(
    Object.fromEntries(CSP_FIELDS.map((field) => [field, strings])) as Record<
      (typeof CSP_FIELDS)[number],
      typeof strings
    >,
  ),
  permissions: z.array(z.enum(PERMISSIONS)),
  domain: z.string().nullable(),
  prefersBorder: z.boolean().nullable(),
  /** Where its _meta.ui breaks the extension's published schema. */
  schemaProblems: strings,
  /** The HTML as read: text only, cut at MAX_APP_HTML characters; null when not read. */
  source: z.object({
    text: z.string().nullable(),
    length: z.number().int(),
    truncated: z.boolean(),
    error: z.string().nullable(),
  }),
  scan: htmlScanSchema.nullable(),
  flags: z.array(flagSchema),
});
export type AppResourceReport = z.infer<typeof appResourceReportSchema>;

export const appsSectionSchema = z.object({
  resources: z.array(appResourceReportSchema),
  /** Tools whose _meta.ui breaks the extension's schema (tool name, problems). */
  toolProblems: z.array(z.object({ tool: z.string(), problems: strings })),
});
export type AppsSection = z.infer<typeof appsSectionSchema>;

function appToolOf(tool: ToolReport, visibility: Visibility[]): AppTool {
  const annotationsTitle =
    isRecord(tool.annotations) && typeof tool.annotations.title === 'string' ? tool.annotations.title : '';
  return { name: tool.name, texts: [tool.title ?? '', annotationsTitle, tool.description ?? ''], visibility };
}

/** The apps section, or undefined when the server shows no MCP App. */
export function buildApps(
  tools: readonly ToolReport[],
  resources: readonly ResourceReport[],
  reads: readonly AppRead[],
): AppsSection | undefined {
  const uis = tools.map((tool) => ({ tool, ui: toolUiOf(tool._meta) }));
  const visibilityByTool = new Map(uis.map(({ tool, ui }) => [tool.name, ui?.visibility ?? [...VISIBILITIES]]));
  const uris = new Set<string>(reads.map((read) => read.uri));
  for (const { ui } of uis) if (ui?.resourceUri != null) uris.add(ui.resourceUri);
  for (const resource of resources) if (resource.activeContent === 'mcp-app') uris.add(resource.uri);
  const toolProblems = uis.flatMap(({ tool, ui }) =>
    ui === null || ui.schemaProblems.length === 0 ? [] : [{ tool: tool.name, problems: ui.schemaProblems }],
  );
  if (uris.size === 0 && toolProblems.length === 0) return undefined;

  const appResources = [...uris].map((uri): AppResourceReport => {
    const listed = resources.find((resource) => resource.uri === uri);
    const read = reads.find((entry) => entry.uri === uri);
    const showing = uis.filter(({ ui }) => ui?.resourceUri === uri);
    const ui = resourceUiOf(read?.meta, isRecord(listed?.raw) ? listed.raw._meta : undefined);
    const scan = read?.text == null ? null : scanHtml(read.text);
    const appTools = showing.map(({ tool, ui: toolUi }) => appToolOf(tool, toolUi?.visibility ?? [...VISIBILITIES]));
    const flags = appFindings({
      uri,
      tools: appTools,
      description: listed?.description ?? null,
      ui,
      scan,
      visibilityByTool,
    });
    return {
      uri,
      tools: showing.map(({ tool, ui: toolUi }) => ({
        name: tool.name,
        visibility: toolUi?.visibility ?? [...VISIBILITIES],
        visibilityDeclared: toolUi?.visibilityDeclared ?? false,
      })),
      listed: listed !== undefined,
      mimeType: read?.mimeType ?? listed?.mimeType ?? null,
      csp: ui.csp,
      permissions: ui.permissions,
      domain: ui.domain,
      prefersBorder: ui.prefersBorder,
      schemaProblems: ui.schemaProblems,
      source: {
        text: read?.text ?? null,
        length: read?.length ?? 0,
        truncated: read?.truncated ?? false,
        error: read === undefined ? 'Not read.' : read.error,
      },
      scan,
      flags,
    };
  });
  return { resources: appResources, toolProblems };
}
