/**
 * A surface contract from a Report: the counts, the article's pins, per tool its declared and
 * effective hints and the SHA-256 of its RFC 8785 canonical JSON, and the payload cost (bytes and
 * an o200k_base token estimate); the same identity, hash and cost per prompt, resource and resource
 * template (MCP Server features: Prompts, Resources). Pure: the caller passes the clock's reading.
 */
import type { Report, ToolReport } from '../report/report';
import type { ListName, PromptReport, ResourceReport, Surface, TemplateReport } from '../report/surface-report';
import { jsonCost, type Cost } from '../token-cost';
import { compareUtf16 } from './canonical-json';
import { hashOf, toolIdentity, wireTool } from './tool-identity';
import {
  CONTRACT_KIND,
  CONTRACT_VERSION,
  type Contract,
  type ContractPrompt,
  type ContractResource,
  type ContractTemplate,
  type ContractTool,
} from './schema';
import { isRecord } from '../is-record';

/** The tool's contract entry: its identity (tool-identity.ts) and the cost of its JSON as sent. */
export function contractTool(tool: ToolReport): ContractTool {
  const wire = wireTool(tool);
  const { arguments: args, behaviour, ...head } = toolIdentity(tool, wire);
  return {
    ...head,
    cost: jsonCost(wire),
    arguments: args,
    ...(behaviour === undefined ? {} : { behaviour }),
  };
}

export function contractPrompt(prompt: PromptReport): ContractPrompt {
  const raw = isRecord(prompt.raw) ? prompt.raw : {};
  const args = Array.isArray(raw.arguments) ? raw.arguments : [];
  return {
    name: prompt.name,
    title: prompt.title,
    description: prompt.description,
    arguments: args.flatMap((arg) =>
      isRecord(arg) && typeof arg.name === 'string'
        ? [
            {
              name: arg.name,
              required: arg.required === true,
              description: typeof arg.description === 'string' ? arg.description : null,
            },
          ]
        : [],
    ),
    hashes: { prompt: hashOf(prompt.raw), arguments: raw.arguments === undefined ? null : hashOf(raw.arguments) },
    cost: jsonCost(prompt.raw),
  };
}

export function contractResource(resource: ResourceReport): ContractResource {
  return {
    uri: resource.uri,
    name: resource.name,
    title: resource.title,
    description: resource.description,
    mimeType: resource.mimeType,
    activeContent: resource.activeContent,
    hashes: { resource: hashOf(resource.raw) },
    cost: jsonCost(resource.raw),
  };
}

export function contractTemplate(template: TemplateReport): ContractTemplate {
  return {
    uriTemplate: template.uriTemplate,
    name: template.name,
    title: template.title,
    description: template.description,
    mimeType: template.mimeType,
    activeContent: template.activeContent,
    hashes: { resourceTemplate: hashOf(template.raw) },
    cost: jsonCost(template.raw),
  };
}

interface Section<Item> {
  declared: boolean;
  payload: { total: Cost; largest: Cost & { id: string | null } };
  items: Item[];
}

/**
 * One list as a contract section, sorted by identity. Null when the Report did not record it (an
 * older Report without a surface) or the list failed or stopped early: a partial list is not pinned.
 */
function section<Item extends { cost: Cost }>(
  surface: Surface | undefined,
  list: Exclude<ListName, 'tools'>,
  items: readonly Item[],
  id: (item: Item) => string,
): Section<Item> | null {
  if (surface === undefined) return null;
  const status = surface.lists[list];
  if (status.declared && (status.error !== null || !status.complete)) return null;
  const sorted = [...items].sort((a, b) => compareUtf16(id(a), id(b)));
  let largest: Cost & { id: string | null } = { bytes: 0, tokens: 0, id: null };
  let total: Cost = { bytes: 0, tokens: 0 };
  for (const item of sorted) {
    total = { bytes: total.bytes + item.cost.bytes, tokens: total.tokens + item.cost.tokens };
    if (item.cost.bytes > largest.bytes) largest = { ...item.cost, id: id(item) };
  }
  return { declared: status.declared, payload: { total, largest }, items: sorted };
}

/**
 * The lists the server declares but that could not be read whole (the prompts, resources or
 * resource templates a contract would pin only in part). Empty for a Report without a surface.
 */
export function partialLists(report: Report): Exclude<ListName, 'tools'>[] {
  const surface = report.surface;
  if (surface === undefined) return [];
  return (['prompts', 'resources', 'resourceTemplates'] as const).filter((list) => {
    const status = surface.lists[list];
    return status.declared && (status.error !== null || !status.complete);
  });
}

/** A contract of the Report's surface, generated at `generatedAt` (ISO 8601). */
export function buildContract(report: Report, generatedAt: string): Contract {
  const tools = report.tools.map(contractTool).sort((a, b) => compareUtf16(a.name, b.name));
  let largest: Cost & { name: string | null } = { bytes: 0, tokens: 0, name: null };
  let total: Cost = { bytes: 0, tokens: 0 };
  for (const tool of tools) {
    total = { bytes: total.bytes + tool.cost.bytes, tokens: total.tokens + tool.cost.tokens };
    if (tool.cost.bytes > largest.bytes) largest = { ...tool.cost, name: tool.name };
  }
  const { summary } = report;
  return {
    kind: CONTRACT_KIND,
    contractVersion: CONTRACT_VERSION,
    generator: report.generator,
    generatedAt,
    server: {
      name: report.server?.name ?? null,
      version: report.server?.version ?? null,
      protocolVersion: report.server?.protocolVersion ?? null,
    },
    counts: {
      tools: summary.tools,
      readOnly: summary.readOnly,
      destructive: summary.destructive,
      openWorld: summary.openWorld,
      unannotated: summary.unannotated,
      additiveWrites: summary.additiveWrites.length,
    },
    pins: {
      toolCount: summary.tools,
      destructiveToolCount: summary.destructive,
      openWorldToolCount: summary.openWorld,
    },
    payload: { total, largestTool: largest },
    toolNames: tools.map((tool) => tool.name),
    tools,
    prompts: section(report.surface, 'prompts', report.surface?.prompts.map(contractPrompt) ?? [], (p) => p.name),
    resources: section(
      report.surface,
      'resources',
      report.surface?.resources.map(contractResource) ?? [],
      (r) => r.uri,
    ),
    resourceTemplates: section(
      report.surface,
      'resourceTemplates',
      report.surface?.resourceTemplates.map(contractTemplate) ?? [],
      (t) => t.uriTemplate,
    ),
    ...(report.surface === undefined ? {} : { instructions: report.surface.instructions?.text ?? null }),
    // Skills (SEP-2640) are pinned like the other items, each file by the digest the server listed.
    ...(report.declared?.skills === undefined
      ? {}
      : {
          skills: report.declared.skills.map(({ uri, name, description, files }) => ({
            uri,
            name,
            description,
            files:
              files === 'dynamic'
                ? files
                : files.map((file) => ({ uri: file.uri, digest: file.digest, size: file.size })),
          })),
        }),
  };
}
