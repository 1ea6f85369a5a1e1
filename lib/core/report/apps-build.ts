/**
 * Builds the MCP Apps section of a Report (apps-report.ts) from the analysed tools, the listed
 * resources and the UI resources read: each resource's `_meta.ui` (checked against the extension's
 * JSON schema), the scan of its HTML and its findings (lib/core/apps/). lib/server passes it to
 * buildReport, so the schema the check reads is never part of the dashboard's bundle.
 */
import { appFindings } from '../apps/definitions';
import type { AppTool } from '../apps/facts';
import { scanHtml } from '../apps/html-scan';
import type { AppRead } from '../apps/reads';
import { resourceUiOf, toolUiOf } from '../apps/ui-meta';
import { VISIBILITIES, type Visibility } from '../apps/vocabulary';
import { isRecord } from '../is-record';
import type { AppResourceReport, AppsSection } from './apps-report';
import type { ResourceReport } from './surface-report';
import type { ToolReport } from './tool-report';

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
