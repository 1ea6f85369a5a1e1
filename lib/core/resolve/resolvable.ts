/**
 * Tool resolution (the io.modelcontextprotocol/tool-resolution extension, from SEP-1862): a tool that
 * declares itself resolvable answers `tools/resolve` with the hints of one call with given
 * arguments, without running it. Its tools/list annotations are the conservative bound over every
 * call. Two shapes are read: the extension's (`_meta["io.modelcontextprotocol/tool-resolution"]
 * .resolvable: true`; the answer carries `name` and `annotations`) and the SEP draft's (`resolve:
 * true` on the tool; the answer carries `tool` with its annotations).
 */
import { isRecord } from '../is-record';

export const TOOL_RESOLUTION_EXTENSION = 'io.modelcontextprotocol/tool-resolution';
export const TOOL_RESOLUTION_METHOD = 'tools/resolve';
/** At most this many tools are resolved in one audit, hosted or in the sandbox. */
export const MAX_RESOLVED = 20;

export function isResolvable(tool: unknown): boolean {
  if (!isRecord(tool)) return false;
  if (tool.resolve === true) return true;
  const meta = isRecord(tool._meta) ? tool._meta[TOOL_RESOLUTION_EXTENSION] : undefined;
  return isRecord(meta) && meta.resolvable === true;
}

/** The annotations a tools/resolve answer gives, or why it is not an answer. */
export function resolvedAnnotations(
  result: unknown,
  toolName: string,
): { annotations: Record<string, unknown> } | { problem: string } {
  if (!isRecord(result)) return { problem: 'the result is not an object' };
  const body = isRecord(result.tool) ? result.tool : result;
  if (typeof body.name === 'string' && body.name !== toolName)
    return { problem: `it answers for another tool ("${body.name.slice(0, 80)}")` };
  if (!isRecord(body.annotations)) return { problem: 'it has no annotations object' };
  const notBoolean = Object.entries(body.annotations)
    .filter(([key, value]) => key.endsWith('Hint') && typeof value !== 'boolean')
    .map(([key]) => key);
  if (notBoolean.length > 0) return { problem: `${notBoolean.join(', ')} not a boolean` };
  return { annotations: body.annotations };
}
