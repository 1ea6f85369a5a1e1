/**
 * Tool.outputSchema (MCP 2025-06-18 and later): when present it must be a JSON Schema object whose
 * root type is "object", because structuredContent is an object. A client validates results
 * against it; a broken one makes strict clients reject the whole tool list (the official SDK does).
 */
import { describeValue } from '../annotations';
import type { FlagDefinition } from '../finding';

export const OUTPUT_SCHEMA_ID = 'invalid-output-schema';

export const OUTPUT_SCHEMA_DEFINITION: FlagDefinition<typeof OUTPUT_SCHEMA_ID> = {
  id: OUTPUT_SCHEMA_ID,
  severity: 'medium',
  title: 'Output schema is not an object schema',
  meaning:
    'outputSchema is present but is not a JSON Schema object with type "object". Results cannot match it; strict clients (the official SDK among them) reject the whole tool list because of it.',
  default: null,
  doesNotTell: 'What the tool really returns.',
  reference: 'MCP specification 2025-06-18 and later, Tools: Tool.outputSchema, structured content',
};

/** Why an outputSchema is invalid, or null (also when there is none). */
export function outputSchemaProblem(raw: Record<string, unknown>): string | null {
  if (!('outputSchema' in raw) || raw.outputSchema === undefined) return null;
  const schema = raw.outputSchema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return `outputSchema is ${describeValue(schema)}, not a JSON Schema object.`;
  const type = (schema as Record<string, unknown>).type;
  if (type !== 'object')
    return `outputSchema has type ${type === undefined ? 'absent' : JSON.stringify(type)}, not "object".`;
  return null;
}
