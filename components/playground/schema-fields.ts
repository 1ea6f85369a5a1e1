/**
 * A JSON Schema as form fields (issue 37): a tool's inputSchema for the playground's Tools tab and an
 * elicitation's requestedSchema for the answer form. Strings (with their format), numbers, integers
 * and booleans get their own field; enums (enum, enumNames, oneOf/anyOf of const) a select; an array
 * of enum strings a group of checkboxes; anything else (objects, arrays, unions) a JSON field. Pure:
 * the field list, the values a form starts with, and the values back as arguments, with an error
 * per field that cannot be read.
 */
import { isRecord } from '@/lib/core/is-record';
import { ownValue, setOwn } from '@/lib/core/own';

export interface FieldOption {
  /** The option's value as JSON text (a select's value; parsed back when the form is read). */
  key: string;
  label: string;
}

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi' | 'json';

export interface FormField {
  name: string;
  kind: FieldKind;
  /** The schema's title, else the property's name. */
  label: string;
  description: string | null;
  required: boolean;
  /** string: the schema's format (email, uri, date, date-time). */
  format: string | null;
  /** string: drawn as a multi-line field (multilineString), its line breaks kept as typed. */
  multiline: boolean;
  /** enum and multi: the choices. */
  options: FieldOption[];
  /** The schema's default, when it has one. */
  defaultValue: unknown;
  /** Why the field is not what the schema asks for (an enum too long to list), or null. */
  note: string | null;
}

/** Choices listed at most; a longer enum is a text field with a note (issue 48: 200,000 froze a form). */
export const MAX_ENUM_OPTIONS = 1000;

/** A field's value in the form: text (string, number, JSON, a select's key), a boolean, or the keys ticked. */
export type FieldValue = string | boolean | readonly string[];
export type FormValues = Readonly<Record<string, FieldValue>>;

/** An optional boolean left unset: a select's value meaning "not sent". */
export const UNSET = '';

/** How many choices the schema lists (an enum, or a oneOf/anyOf of const), without reading them. */
function choiceCount(schema: Record<string, unknown>): number {
  if (Array.isArray(schema.enum)) return schema.enum.length;
  const choices = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
  return choices.length;
}

const tooMany = (count: number): string =>
  `The schema lists ${String(count)} choices, more than the ${String(MAX_ENUM_OPTIONS)} a form shows: type the value.`;

function enumOptions(schema: Record<string, unknown>): FieldOption[] | null {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((value: unknown, i) => {
      const name: unknown = names[i];
      return { key: JSON.stringify(value), label: typeof name === 'string' ? name : String(value) };
    });
  }
  const choices = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null;
  if (choices === null || choices.length === 0 || !choices.every((c) => isRecord(c) && 'const' in c)) return null;
  return choices.map((choice) => {
    const record = isRecord(choice) ? choice : {};
    const label = typeof record.title === 'string' ? record.title : String(record.const);
    return { key: JSON.stringify(record.const), label };
  });
}

function kindOf(schema: Record<string, unknown>): { kind: FieldKind; options: FieldOption[]; note: string | null } {
  const type = schema.type;
  const count = choiceCount(schema);
  if (count > MAX_ENUM_OPTIONS)
    return { kind: type === 'number' || type === 'integer' ? type : 'string', options: [], note: tooMany(count) };
  const options = enumOptions(schema);
  if (options !== null) return { kind: 'enum', options, note: null };
  if (type === 'array' && isRecord(schema.items)) {
    const itemCount = choiceCount(schema.items);
    if (itemCount > MAX_ENUM_OPTIONS)
      return { kind: 'json', options: [], note: `${tooMany(itemCount)} As a JSON array.` };
    const items = enumOptions(schema.items);
    if (items !== null) return { kind: 'multi', options: items, note: null };
  }
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean')
    return { kind: type, options: [], note: null };
  return { kind: 'json', options: [], note: null };
}

/** The words that say a string is a text to write, not a name or a path (issue 49: write_file's content lost its line breaks). */
const TEXT_WORDS = /\b(?:content|contents|body|text|texts|message|prompt|markdown|html|code|script|notes?|comment)\b/i;

/**
 * A string gets a multi-line field when it has no format and no choices, and its name or description
 * says it is a text (content, body, text, message, …), or it allows more than 200 characters
 * (maxLength). A path, a URL, an id or a query stays one line, where Enter calls.
 */
export function multilineString(name: string, schema: Record<string, unknown>): boolean {
  if (schema.type !== 'string' || typeof schema.format === 'string') return false;
  if (typeof schema.maxLength === 'number' && schema.maxLength > 200) return true;
  const words = name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return TEXT_WORDS.test(words) || (typeof schema.description === 'string' && TEXT_WORDS.test(schema.description));
}

/** The fields of an object schema's properties, in the schema's order (none when it is not an object schema). */
export function schemaFields(schema: unknown): FormField[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
  return Object.entries(schema.properties).map(([name, raw]) => {
    const property = isRecord(raw) ? raw : {};
    const { kind, options, note } = kindOf(property);
    return {
      name,
      kind,
      label: typeof property.title === 'string' && property.title !== '' ? property.title : name,
      description: typeof property.description === 'string' ? property.description : null,
      required: required.has(name),
      format: typeof property.format === 'string' ? property.format : null,
      multiline: kind === 'string' && options.length === 0 && multilineString(name, property),
      options,
      defaultValue: property.default,
      note,
    };
  });
}

/** A value given (generated arguments, a default) as the field shows it; undefined: the field's empty value. */
function valueOf(field: FormField, given: unknown): FieldValue {
  switch (field.kind) {
    case 'boolean':
      if (field.required) return given === true;
      return typeof given === 'boolean' ? String(given) : UNSET;
    case 'enum': {
      const key = given === undefined ? null : JSON.stringify(given);
      return (
        field.options.find((option) => option.key === key)?.key ??
        (field.required ? (field.options[0]?.key ?? '') : UNSET)
      );
    }
    case 'multi': {
      const keys = Array.isArray(given) ? given.map((item) => JSON.stringify(item)) : [];
      return field.options.filter((option) => keys.includes(option.key)).map((option) => option.key);
    }
    case 'json':
      return given === undefined ? '' : JSON.stringify(given, null, 2);
    case 'number':
    case 'integer':
      return typeof given === 'number' ? String(given) : '';
    case 'string':
      return typeof given === 'string' ? given : '';
  }
}

/**
 * The values a form starts with: `given` where it names a field (generated arguments), else the
 * field's default, else empty.
 */
export function initialValues(fields: readonly FormField[], given: Readonly<Record<string, unknown>> = {}): FormValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      valueOf(field, Object.hasOwn(given, field.name) ? given[field.name] : field.defaultValue),
    ]),
  );
}

export type ReadForm = { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** A multi field's keys ticked (none for any other value). */
export function tickedKeys(value: FieldValue | undefined): readonly string[] {
  return value === undefined || typeof value === 'string' || typeof value === 'boolean' ? [] : value;
}

/** One field's value as sent; undefined: not sent; an Error: why it cannot be read. */
function readField(field: FormField, value: FieldValue | undefined): unknown {
  if (field.kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    return value === 'true' ? true : value === 'false' ? false : undefined;
  }
  if (field.kind === 'multi') {
    const keys = tickedKeys(value);
    if (keys.length === 0 && !field.required) return undefined;
    return keys.map((key) => JSON.parse(key) as unknown);
  }
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'string') return text === '' ? (field.required ? new Error('Required.') : undefined) : text;
  if (text.trim() === '') return field.required ? new Error('Required.') : undefined;
  if (field.kind === 'enum') return JSON.parse(text) as unknown;
  if (field.kind === 'number' || field.kind === 'integer') {
    const number = Number(text.trim());
    if (!Number.isFinite(number)) return new Error('Not a number.');
    if (field.kind === 'integer' && !Number.isInteger(number)) return new Error('Not a whole number.');
    return number;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return new Error(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The form's values as arguments (fields left empty and optional are not sent), or an error per field. */
export function readForm(fields: readonly FormField[], values: FormValues): ReadForm {
  // Own keys only: a field may be named __proto__, constructor or toString (issue 48).
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const read = readField(field, ownValue(values, field.name));
    if (read instanceof Error) setOwn(errors, field.name, read.message);
    else if (read === undefined) {
      if (field.required) setOwn(errors, field.name, 'Required.');
    } else setOwn(out, field.name, read);
  }
  return Object.keys(errors).length === 0 ? { ok: true, values: out } : { ok: false, errors };
}

/** The fields a form's errors name, in the form's order, and the index of the first (to focus); never an inherited name. */
export function fieldsToFix(
  fields: readonly FormField[],
  errors: Readonly<Record<string, string>>,
): { fields: FormField[]; focus: number } {
  const bad = fields.filter((field) => Object.hasOwn(errors, field.name));
  return { fields: bad, focus: bad[0] === undefined ? -1 : fields.indexOf(bad[0]) };
}

/** Raw JSON arguments: an object, or why not. */
export function readJsonArguments(
  text: string,
): { ok: true; values: Record<string, unknown> } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text === '' ? '{}' : text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return isRecord(parsed) ? { ok: true, values: parsed } : { ok: false, error: 'The arguments must be a JSON object.' };
}
