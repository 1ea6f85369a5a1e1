/**
 * A tools/call result's structured content against the tool's output schema (MCP specification,
 * Tools "Structured Content" and "Output Schema": a server that declares an output schema must send
 * structured content that conforms). A shallow check, said as such: the top level's type, its
 * required properties and the JSON type of each declared property; deeper rules are not checked.
 */
import { isRecord } from '../is-record';

export type StructuredCheck =
  | { status: 'no-schema' | 'matches' | 'missing' | 'not-sent'; problems: string[] }
  | { status: 'mismatch'; problems: string[] };

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value;

function fits(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  if (types.every((t) => typeof t !== 'string')) return true;
  return types.some(
    (t) =>
      t === jsonType(value) ||
      (t === 'integer' && Number.isInteger(value)) ||
      (t === 'number' && typeof value === 'number'),
  );
}

/** `structured`: the result's structuredContent (undefined when absent); `outputSchema`: the tool's, if any. */
export function checkStructured(structured: unknown, outputSchema: unknown): StructuredCheck {
  if (!isRecord(outputSchema)) return { status: structured === undefined ? 'not-sent' : 'no-schema', problems: [] };
  if (structured === undefined)
    return {
      status: 'missing',
      problems: ['the tool declares an output schema but the result has no structuredContent'],
    };
  if (!isRecord(structured))
    return { status: 'mismatch', problems: [`structuredContent is ${jsonType(structured)}, not an object`] };
  const problems: string[] = [];
  const required = Array.isArray(outputSchema.required) ? outputSchema.required : [];
  for (const key of required)
    if (typeof key === 'string' && !Object.hasOwn(structured, key))
      problems.push(`required property "${key}" is missing`);
  const properties = isRecord(outputSchema.properties) ? outputSchema.properties : {};
  for (const [key, schema] of Object.entries(properties)) {
    if (!Object.hasOwn(structured, key) || !isRecord(schema)) continue;
    if (!fits(structured[key], schema.type))
      problems.push(`"${key}" is ${jsonType(structured[key])}, the schema says ${JSON.stringify(schema.type)}`);
  }
  if (outputSchema.additionalProperties === false)
    for (const key of Object.keys(structured))
      if (!Object.hasOwn(properties, key))
        problems.push(`"${key}" is not in the schema, which allows no other property`);
  return problems.length === 0 ? { status: 'matches', problems } : { status: 'mismatch', problems };
}
