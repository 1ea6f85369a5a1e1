/**
 * The surface checks of one tool, beyond its annotations: x-mcp-header rules, external $refs,
 * outputSchema, host name length, reserved _meta keys, icons and oversized text.
 */
import type { Finding } from '../finding';
import type { SurfaceFindingId } from './definitions';
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
    const severity = icons.some((icon) => icon.severity === 'medium') ? 'medium' : 'low';
    findings.push({ id: 'icon-source', severity, message: `${list(icons.map((icon) => icon.message))}.` });
  }
  const reserved = reservedMetaKeys(raw._meta);
  if (reserved.length > 0) {
    findings.push({
      id: 'reserved-meta-key',
      severity: 'low',
      message: `_meta uses reserved keys: ${list(reserved, 5)}.`,
    });
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
    findings.push({
      id: 'x-mcp-header-invalid',
      severity: 'high',
      message: `Clients will drop this tool: ${list(headers)}.`,
    });
  }
  const refs = [...externalRefs(raw.inputSchema, 'inputSchema'), ...externalRefs(raw.outputSchema, 'outputSchema')];
  if (refs.length > 0) {
    findings.push({
      id: 'external-schema-ref',
      severity: 'medium',
      message: `External $ref (never fetched): ${list(refs)}.`,
    });
  }
  const output = outputSchemaProblem(raw);
  if (output !== null) findings.push({ id: 'invalid-output-schema', severity: 'medium', message: output });
  const long = longNameProblem(raw.name);
  if (long !== null) findings.push({ id: 'long-tool-name', severity: 'low', message: long });
  findings.push(...iconAndMetaFindings(raw, context));
  findings.push(...oversizedFindings(texts));
  return findings;
}
