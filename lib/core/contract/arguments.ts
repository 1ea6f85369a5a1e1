/**
 * A tool's top-level arguments as its input schema declares them (name, type, required,
 * description), and what changed between two such lists in words: arguments added or removed, a
 * type or a required flag changed, and each changed description as text to review. MCP
 * specification, Server features: Tools (inputSchema, a JSON Schema object).
 */
import { compareUtf16 } from './canonical-json';
import type { ContractArgument } from './schema';
import { textChange, type TextChange } from './text-change';
import { isRecord } from '../is-record';

function typeOf(schema: Record<string, unknown>): string | null {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.every((item) => typeof item === 'string')) return type.join('|');
  return null;
}

/** The top-level arguments of an input schema, sorted by name (none when it has no properties object). */
export function contractArguments(inputSchema: unknown): ContractArgument[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  const required = new Set(
    Array.isArray(inputSchema.required) ? inputSchema.required.filter((name) => typeof name === 'string') : [],
  );
  return Object.entries(inputSchema.properties)
    .map(([name, value]) => {
      const schema = isRecord(value) ? value : {};
      return {
        name,
        type: typeOf(schema),
        required: required.has(name),
        description: typeof schema.description === 'string' ? schema.description : null,
      };
    })
    .sort((a, b) => compareUtf16(a.name, b.name));
}

const q = (text: string): string => JSON.stringify(text);
const typeWords = (type: string | null): string => type ?? 'no type';

export interface ArgumentDrift {
  /** What changed, one phrase each: "added \"conversation\" (string, required)", "\"q\": type string to number". */
  phrases: string[];
  /** The argument descriptions that changed. */
  texts: TextChange[];
}

/** What changed from one argument list to the other. */
export function argumentDrift(
  before: readonly ContractArgument[],
  after: readonly ContractArgument[],
  toolNames: readonly string[],
): ArgumentDrift {
  const was = new Map(before.map((arg) => [arg.name, arg]));
  const now = new Set(after.map((arg) => arg.name));
  const phrases: string[] = [];
  const texts: TextChange[] = [];
  for (const arg of after) {
    const old = was.get(arg.name);
    if (old === undefined) {
      phrases.push(`added ${q(arg.name)} (${typeWords(arg.type)}, ${arg.required ? 'required' : 'optional'})`);
      const text = textChange(`description of argument ${q(arg.name)}`, null, arg.description, toolNames);
      if (text !== null) texts.push(text);
      continue;
    }
    if (old.type !== arg.type)
      phrases.push(`${q(arg.name)}: type ${typeWords(old.type)} is now ${typeWords(arg.type)}`);
    if (old.required !== arg.required) phrases.push(`${q(arg.name)} is now ${arg.required ? 'required' : 'optional'}`);
    const text = textChange(`description of argument ${q(arg.name)}`, old.description, arg.description, toolNames);
    if (text !== null) {
      phrases.push(`the description of ${q(arg.name)} changed`);
      texts.push(text);
    }
  }
  for (const arg of before) if (!now.has(arg.name)) phrases.push(`removed ${q(arg.name)}`);
  return { phrases, texts };
}
