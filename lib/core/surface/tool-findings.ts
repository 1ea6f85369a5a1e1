/**
 * The surface checks of one tool, beyond its annotations: x-mcp-header rules, external $refs,
 * outputSchema, host name length, reserved _meta keys, icons and oversized text.
 */
import { raised, type Finding } from '../finding';
import { SURFACE_FINDING_DEFINITIONS as DEFINED, type SurfaceFindingId } from './definitions';
import { iconProblems } from './icons';
import { outputSchemaProblem } from './output-schema';
import { reservedMetaKeys } from './reserved-meta';
import { externalRefs } from './schema-refs';
import { oversizedFindings } from './text-checks';
import { longNameProblem } from './tool-name-length';
import { xMcpHeaderProblems } from './x-mcp-header';

export interface SurfaceContext {
  /** The audited server's host (URL targets); null or absent for stdio. */
  serverHost?: string | null;
}

const list = (items: readonly string[], max = 3): string =>
  `${items.slice(0, max).join('; ')}${items.length > max ? `; and ${items.length - max} more` : ''}`;

/** Findings on an item's icons and _meta (tools, prompts, resources, templates). */
export function iconAndMetaFindings(
  raw: Record<string, unknown>,
  context: SurfaceContext,
): Finding<SurfaceFindingId>[] {
  const findings: Finding<SurfaceFindingId>[] = [];
  const icons = iconProblems(raw.icons, context.serverHost ?? null);
  if (icons.length > 0) {
    // The definition's severity when any icon problem is as severe; else the milder one.
    const definition = DEFINED['icon-source'];
    const severity = icons.some((icon) => icon.severity === definition.severity) ? definition.severity : 'low';
    findings.push(raised(definition, `${list(icons.map((icon) => icon.message))}.`, severity));
  }
  const reserved = reservedMetaKeys(raw._meta);
  if (reserved.length > 0) {
    findings.push(raised(DEFINED['reserved-meta-key'], `_meta uses reserved keys: ${list(reserved, 5)}.`));
  }
  return findings;
}

export function toolSurfaceFindings(
  raw: Record<string, unknown>,
  texts: readonly { field: string; text: string }[],
  context: SurfaceContext,
): Finding<SurfaceFindingId>[] {
  const findings: Finding<SurfaceFindingId>[] = [];
  const headers = xMcpHeaderProblems(raw.inputSchema);
  if (headers.length > 0) {
    findings.push(raised(DEFINED['x-mcp-header-invalid'], `Clients will drop this tool: ${list(headers)}.`));
  }
  const refs = [...externalRefs(raw.inputSchema, 'inputSchema'), ...externalRefs(raw.outputSchema, 'outputSchema')];
  if (refs.length > 0) {
    findings.push(raised(DEFINED['external-schema-ref'], `External $ref (never fetched): ${list(refs)}.`));
  }
  const output = outputSchemaProblem(raw);
  if (output !== null) findings.push(raised(DEFINED['invalid-output-schema'], output));
  const long = longNameProblem(raw.name);
  if (long !== null) findings.push(raised(DEFINED['long-tool-name'], long));
  findings.push(...iconAndMetaFindings(raw, context));
  findings.push(...oversizedFindings(texts));
  return findings;
}
