/**
 * Tool annotations against the spec defaults (MCP ToolAnnotations, identical in spec versions
 * 2025-03-26 through 2026-07-28). Every hint gets an effective boolean and where it came from,
 * and the predicates are exactly the article's script: a tool that declares nothing is, per the
 * spec, a destructive, open-world write.
 */
import { z } from 'zod';
import { isRecord } from './is-record';

export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type HintName = (typeof HINTS)[number];

/** declared: a boolean was sent; default: absent; not-applicable: meaningless for a read-only tool;
 * malformed: present but not a boolean (the default applies). */
export const HINT_SOURCES = ['declared', 'default', 'not-applicable', 'malformed'] as const;
export type HintSource = (typeof HINT_SOURCES)[number];

export const effectiveHintSchema = z.object({
  value: z.boolean(),
  source: z.enum(HINT_SOURCES),
  /** The raw value as sent, when the key was present (any JSON). */
  sent: z.unknown().optional(),
});
export type EffectiveHint = z.infer<typeof effectiveHintSchema>;

export type EffectiveAnnotations = Record<HintName, EffectiveHint>;

export interface HintDefinition {
  name: HintName;
  label: string;
  meaning: string;
  defaultValue: boolean;
  appliesWhen: string | null;
  doesNotTell: string;
}

/** The glossary: the spec's meaning, its default, and what the hint does not tell you. */
export const HINT_DEFINITIONS: Record<HintName, HintDefinition> = {
  readOnlyHint: {
    name: 'readOnlyHint',
    label: 'read-only',
    meaning: 'true: the tool does not modify its environment.',
    defaultValue: false,
    appliesWhen: null,
    doesNotTell: 'What it can read, or where the agent puts what it read next.',
  },
  destructiveHint: {
    name: 'destructiveHint',
    label: 'destructive',
    meaning: 'true: the tool may perform destructive updates; false: it performs only additive updates.',
    defaultValue: true,
    appliesWhen: 'readOnlyHint is false',
    doesNotTell:
      'Whether an additive change is one you want: creating a webhook overwrites nothing and can still send your data elsewhere.',
  },
  idempotentHint: {
    name: 'idempotentHint',
    label: 'idempotent',
    meaning: 'true: calling the tool again with the same arguments has no further effect on its environment.',
    defaultValue: false,
    appliesWhen: 'readOnlyHint is false',
    doesNotTell: 'Whether the first call was a good idea.',
  },
  openWorldHint: {
    name: 'openWorldHint',
    label: 'open-world',
    meaning: 'true: the tool may interact with an open world of external entities; false: its domain is closed.',
    defaultValue: true,
    appliesWhen: null,
    doesNotTell: 'Which external service it reaches, or what leaves with the request.',
  },
};

/** Keys the spec defines inside `annotations`. Anything else is the server's own invention. */
export const STANDARD_ANNOTATION_KEYS: readonly string[] = ['title', ...HINTS];

export const ANNOTATION_STATES = ['unannotated', 'partial', 'full'] as const;
export type AnnotationState = (typeof ANNOTATION_STATES)[number];

export interface AnnotationAnalysis {
  effective: EffectiveAnnotations;
  state: AnnotationState;
  /** Why the annotations value itself is unusable (not an object), or null. */
  containerProblem: string | null;
  /** Hints present with a non-boolean value. */
  malformedHints: HintName[];
  /** Keys outside the spec's ToolAnnotations, in the order sent. */
  nonStandardKeys: string[];
  /** annotations.title when it is a string. */
  title: string | null;
}

/** A short description of a JSON value's type, for messages: "the string \"true\"", "an array". */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
      return `the number ${String(value)}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'object':
      return 'an object';
    case 'undefined':
      return 'absent';
    default:
      return `a ${typeof value}`;
  }
}

/**
 * Normalises a tool's raw `annotations` value (any JSON, or undefined when the key was absent).
 * Predicates follow the article's script: read-only = readOnlyHint === true; a malformed hint
 * therefore behaves exactly as if it were absent.
 */
export function analyzeAnnotations(raw: unknown): AnnotationAnalysis {
  const present = raw !== undefined;
  const container = isRecord(raw) ? raw : null;
  let containerProblem: string | null = null;
  if (present && raw !== null && container === null) {
    containerProblem = `annotations is ${describeValue(raw)}, not an object`;
  }
  // An array is not an annotations object, but its keys still count for "unannotated" (the
  // article's Object.keys test): [] is unannotated, [1] is not.
  const keyCount = typeof raw === 'object' && raw !== null ? Object.keys(raw).length : 0;
  const unannotated = keyCount === 0;

  const sentValue = (hint: HintName): { has: boolean; value: unknown } =>
    container !== null && Object.hasOwn(container, hint)
      ? { has: true, value: container[hint] }
      : { has: false, value: undefined };

  const malformedHints: HintName[] = [];
  const resolve = (hint: HintName): EffectiveHint => {
    const { has, value } = sentValue(hint);
    const fallback = HINT_DEFINITIONS[hint].defaultValue;
    if (!has) return { value: fallback, source: 'default' };
    if (typeof value === 'boolean') return { value, source: 'declared', sent: value };
    malformedHints.push(hint);
    return { value: fallback, source: 'malformed', sent: value };
  };

  const readOnly = resolve('readOnlyHint');
  const isReadOnly = readOnly.value;
  const whenWriting = (hint: HintName): EffectiveHint => {
    const resolved = resolve(hint);
    if (!isReadOnly) return resolved;
    return { value: false, source: 'not-applicable', ...('sent' in resolved ? { sent: resolved.sent } : {}) };
  };
  const effective: EffectiveAnnotations = {
    readOnlyHint: readOnly,
    destructiveHint: whenWriting('destructiveHint'),
    idempotentHint: whenWriting('idempotentHint'),
    openWorldHint: resolve('openWorldHint'),
  };

  const allBooleans = container !== null && HINTS.every((hint) => typeof container[hint] === 'boolean');
  const state: AnnotationState = unannotated ? 'unannotated' : allBooleans ? 'full' : 'partial';
  const nonStandardKeys =
    container === null ? [] : Object.keys(container).filter((key) => !STANDARD_ANNOTATION_KEYS.includes(key));
  const title = container !== null && typeof container.title === 'string' ? container.title : null;
  return { effective, state, containerProblem, malformedHints, nonStandardKeys, title };
}

/** The article's predicates over effective annotations. */
export function isReadOnly(effective: EffectiveAnnotations): boolean {
  return effective.readOnlyHint.value;
}
export function isDestructive(effective: EffectiveAnnotations): boolean {
  return !effective.readOnlyHint.value && effective.destructiveHint.value;
}
export function isOpenWorld(effective: EffectiveAnnotations): boolean {
  return effective.openWorldHint.value;
}
export function isAdditiveWrite(effective: EffectiveAnnotations): boolean {
  return !effective.readOnlyHint.value && !effective.destructiveHint.value;
}

/** The three classes, least risky first: the order every chart, filter and count uses. */
export const TOOL_CLASSES = ['read-only', 'additive-write', 'destructive-write'] as const;
export type ToolClass = (typeof TOOL_CLASSES)[number];

export function toolClass(effective: EffectiveAnnotations): ToolClass {
  if (isReadOnly(effective)) return 'read-only';
  return isDestructive(effective) ? 'destructive-write' : 'additive-write';
}

/** The value of each hint that claims less risk: read-only, not destructive, idempotent, closed world. */
export const SAFE_VALUE: Record<HintName, boolean> = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** True when the value sits on the risky side of its hint (readOnlyHint false, destructiveHint true, …). */
export function isRiskyValue(hint: HintName, value: boolean): boolean {
  return value !== SAFE_VALUE[hint];
}
