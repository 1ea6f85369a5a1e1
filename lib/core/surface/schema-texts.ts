/**
 * The prose inside a tool's schemas: every `title` and `description` of the schema and of its
 * subschemas (properties, items, combinators, definitions). An agent reads these with the tool
 * description, when it chooses arguments, so they get the same checks (hidden characters, size,
 * the signals of lib/core/signals/) as the description itself: a poisoned argument description is
 * as effective as a poisoned tool description.
 *
 * A server's schema is untrusted: the walk is bounded in depth and in the number of texts, and a
 * property that happens to be called "description" is a subschema, not a text.
 */
import { isRecord } from '../is-record';

/** Subschema keywords whose value is one schema. */
const ONE_SCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);
/** Subschema keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Subschema keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const TEXT_KEYS = ['title', 'description'] as const;
const VALUE_KEYS = ['default', 'const', 'enum', 'examples'] as const;

export const SCHEMA_TEXT_LIMITS = { depth: 16, texts: 500 } as const;

type Push = (field: string, text: string) => void;

/** Walks a schema and its subschemas, bounded, handing each node and its path to `collect`. */
function walkSchema(
  schema: unknown,
  root: string,
  collect: (node: Record<string, unknown>, path: string, push: Push) => void,
) {
  const found: { field: string; text: string }[] = [];
  const push: Push = (field, text) => {
    if (text !== '' && found.length < SCHEMA_TEXT_LIMITS.texts) found.push({ field, text });
  };
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isRecord(node) || depth > SCHEMA_TEXT_LIMITS.depth) return;
    collect(node, path, push);
    for (const [key, value] of Object.entries(node)) {
      if (found.length >= SCHEMA_TEXT_LIMITS.texts) return;
      if (ONE_SCHEMA.has(key)) visit(value, `${path}.${key}`, depth + 1);
      else if (SCHEMA_LIST.has(key) && Array.isArray(value))
        value.forEach((child, i) => {
          visit(child, `${path}.${key}[${i}]`, depth + 1);
        });
      else if (SCHEMA_MAP.has(key) && isRecord(value))
        for (const [name, child] of Object.entries(value)) visit(child, `${path}.${key}.${name}`, depth + 1);
    }
  };
  visit(schema, root, 0);
  return found;
}

/** `inputSchema.properties.path.description`-style fields with their text, in document order. */
export function schemaTexts(schema: unknown, root: string): { field: string; text: string }[] {
  return walkSchema(schema, root, (node, path, push) => {
    for (const key of TEXT_KEYS) {
      const text = node[key];
      if (typeof text === 'string') push(`${path}.${key}`, text);
    }
  });
}

/**
 * The string values a schema offers the model as content (`default`, `const`, each of `enum` and
 * `examples`), with their fields: text a model reads, so text that may carry instructions.
 */
export function schemaValueTexts(schema: unknown, root: string): { field: string; text: string }[] {
  return walkSchema(schema, root, (node, path, push) => {
    for (const key of VALUE_KEYS) {
      const value = node[key];
      if (typeof value === 'string') push(`${path}.${key}`, value);
      else if (Array.isArray(value))
        value.forEach((item, i) => {
          if (typeof item === 'string') push(`${path}.${key}[${i}]`, item);
        });
    }
  });
}
