/**
 * Calling a read-only tool with the other values of its action field (issue 47): a read-only tool
 * with `operation: list | get | set` was called with the sampled value only (the first), so the
 * value that writes was never tried (kubectl_context's `set` rewrites the kubeconfig). The rule:
 * - an action field is a top-level string property whose `enum` holds at least one verb below;
 * - each other value of it that reads (list, get, read, show, view, describe, status, ...) is one
 *   more call, so the tool's reading paths are reached;
 * - each value that writes (set, delete, update, create, remove, write, ...) is one more call too:
 *   a read-only tool that accepts `set` makes a claim the trace can check;
 * - values that are neither (json, yaml) are left out; at most MAX_VARIANTS calls per tool, writes
 *   first, so a cap cuts reads before the claim to check.
 * The calls go after every tool's first call (run.ts), within the call cap and the time budget.
 */
import { isRecord } from '../is-record';

const READS =
  /^(?:list|ls|get|read|show|view|describe|status|info|current|search|find|query|count|check|inspect|cat|fetch|export|diff|log|history)$/i;
const WRITES =
  /^(?:set|delete|del|update|create|remove|rm|write|add|put|post|patch|rename|move|mv|clear|reset|drop|insert|edit|modify|save|use|switch|apply|import|unset|kill|stop|start|restart)$/i;
/** The most extra calls one tool gets from its action values. */
export const MAX_VARIANTS = 4;

export interface EnumVariant {
  /** The arguments: the sampled ones with the action field set to `value`. */
  args: Record<string, unknown>;
  field: string;
  value: string;
  /** Whether the value reads or writes (a write on a read-only tool is the claim to check). */
  kind: 'reads' | 'writes';
}

function kindOf(value: string): EnumVariant['kind'] | null {
  const word = value.split(/[-_ ]/)[0] ?? value;
  if (WRITES.test(word)) return 'writes';
  return READS.test(word) ? 'reads' : null;
}

/** The extra calls of a read-only tool with `schema`, given the arguments its first call sends. */
export function enumVariants(schema: unknown, args: Readonly<Record<string, unknown>>): EnumVariant[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const variants: EnumVariant[] = [];
  for (const [field, property] of Object.entries(schema.properties)) {
    if (!isRecord(property) || !Array.isArray(property.enum)) continue;
    const values = property.enum.filter((value): value is string => typeof value === 'string');
    const kinds = values.map((value) => ({ value, kind: kindOf(value) }));
    for (const { value, kind } of kinds)
      if (kind !== null && args[field] !== value)
        variants.push({ args: { ...args, [field]: value }, field, value, kind });
  }
  const writesFirst = [...variants.filter((v) => v.kind === 'writes'), ...variants.filter((v) => v.kind === 'reads')];
  return writesFirst.slice(0, MAX_VARIANTS);
}
