/**
 * A tool as a contract pins it, all but its cost: identity, declared and effective hints, class, the
 * SHA-256 of its RFC 8785 canonical JSON and of its parts, its arguments and behaviour. What two
 * listings are compared by (drift.ts); build.ts adds the cost, which loads the tokenizer, so a
 * comparison of listings in a session (session/listing-changes.ts) never loads it.
 */
import { HINTS } from '../annotations';
import type { ToolReport } from '../report/report';
import { canonicalJson } from './canonical-json';
import { contractArguments } from './arguments';
import type { ContractToolIdentity } from './schema';
import { sha256Hex } from './sha256';

export const hashOf = (value: unknown): string => sha256Hex(canonicalJson(value ?? null));

/** The tool as sent, reduced to the six fields the contract hashes (absent fields stay absent). */
export function wireTool(tool: ToolReport): Record<string, unknown> {
  const wire: Record<string, unknown> = { name: tool.name, title: tool.title, description: tool.description };
  if (tool.inputSchema !== undefined) wire.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) wire.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) wire.annotations = tool.annotations;
  return wire;
}

/** The tool's contract entry without its cost; `wire` is wireTool(tool). */
export function toolIdentity(tool: ToolReport, wire: Record<string, unknown> = wireTool(tool)): ContractToolIdentity {
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
    arguments: contractArguments(tool.inputSchema),
    ...(tool.behaviour === undefined ? {} : { behaviour: tool.behaviour.status }),
  };
}
