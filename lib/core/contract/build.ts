/**
 * A surface contract from a Report: the counts, the article's pins, per tool its declared and
 * effective hints and the SHA-256 of its RFC 8785 canonical JSON, and the payload cost (bytes and
 * an o200k_base token estimate). Pure: the caller passes the clock's reading.
 */
import { HINTS } from '../annotations';
import type { Report, ToolReport } from '../report';
import { jsonCost, type Cost } from '../token-cost';
import { canonicalJson, compareUtf16 } from './canonical-json';
import { CONTRACT_KIND, CONTRACT_VERSION, type Contract, type ContractTool } from './schema';
import { sha256Hex } from './sha256';

const hashOf = (value: unknown): string => sha256Hex(canonicalJson(value ?? null));

/** The tool as sent, reduced to the six fields the contract hashes (absent fields stay absent). */
function wireTool(tool: ToolReport): Record<string, unknown> {
  const wire: Record<string, unknown> = { name: tool.name, title: tool.title, description: tool.description };
  if (tool.inputSchema !== undefined) wire.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) wire.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) wire.annotations = tool.annotations;
  return wire;
}

export function contractTool(tool: ToolReport): ContractTool {
  const wire = wireTool(tool);
  const { name: _name, ...shape } = wire;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    declared: tool.annotations ?? null,
    declaredHints: HINTS.filter((hint) => tool.effective[hint].source === 'declared'),
    effective: {
      readOnlyHint: tool.effective.readOnlyHint.value,
      destructiveHint: tool.effective.destructiveHint.value,
      idempotentHint: tool.effective.idempotentHint.value,
      openWorldHint: tool.effective.openWorldHint.value,
    },
    class: tool.class,
    openWorld: tool.openWorld,
    hashes: {
      tool: hashOf(wire),
      shape: hashOf(shape),
      inputSchema: hashOf(tool.inputSchema),
      outputSchema: tool.outputSchema === undefined ? null : hashOf(tool.outputSchema),
      annotations: tool.annotations === undefined ? null : hashOf(tool.annotations),
    },
    cost: jsonCost(wire),
  };
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
  };
}
