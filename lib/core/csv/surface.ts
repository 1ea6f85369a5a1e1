/**
 * Report -> CSV with every kind of item: one row per tool, prompt, resource and resource
 * template, `kind` first, then the fields they share (the tools-only CSV of lib/core/csv/tools.ts keeps
 * its columns). Same RFC 4180 and formula-safe cells.
 */
import { csvCell, maxSeverity } from './tools';
import type { Report } from '../report/report';
import type { Severity } from '../severity';

export const SURFACE_CSV_HEADERS = [
  'kind',
  'name',
  'display_name',
  'uri',
  'mime_type',
  'max_severity',
  'flags',
  'bytes',
  'tokens_estimate',
  'page',
  'description',
] as const;

type Row = Record<(typeof SURFACE_CSV_HEADERS)[number], string | number | null>;

interface Item {
  name: string;
  displayName: string;
  description: string | null;
  page: number;
  flags: readonly { id: string; severity: Severity }[];
}

function row(
  kind: string,
  item: Item,
  bytes: number,
  tokens: number | null,
  uri: string,
  mimeType: string | null,
): Row {
  return {
    kind,
    name: item.name,
    display_name: item.displayName,
    uri,
    mime_type: mimeType,
    max_severity: maxSeverity(item),
    flags: item.flags.map((flag) => flag.id).join(' '),
    bytes,
    tokens_estimate: tokens,
    page: item.page,
    description: item.description,
  };
}

export function surfaceToCsv(report: Pick<Report, 'tools' | 'surface'>): string {
  const rows: Row[] = report.tools.map((tool) => row('tool', tool, tool.bytes, tool.cost?.tokens ?? null, '', null));
  const surface = report.surface;
  if (surface !== undefined) {
    for (const prompt of surface.prompts)
      rows.push(row('prompt', prompt, prompt.cost.bytes, prompt.cost.tokens, '', null));
    for (const resource of surface.resources)
      rows.push(row('resource', resource, resource.cost.bytes, resource.cost.tokens, resource.uri, resource.mimeType));
    for (const template of surface.resourceTemplates)
      rows.push(
        row(
          'resource-template',
          template,
          template.cost.bytes,
          template.cost.tokens,
          template.uriTemplate,
          template.mimeType,
        ),
      );
    const instructions = surface.instructions;
    if (instructions !== null) {
      rows.push(
        row(
          'instructions',
          { name: '', displayName: 'instructions', description: instructions.text, page: 0, flags: instructions.flags },
          instructions.cost.bytes,
          instructions.cost.tokens,
          '',
          null,
        ),
      );
    }
  }
  const lines = [SURFACE_CSV_HEADERS.map(csvCell).join(',')];
  for (const item of rows) lines.push(SURFACE_CSV_HEADERS.map((header) => csvCell(item[header])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
