/**
 * The Tools tab's arguments being written (pure): a form's values or raw JSON, the errors of the last
 * Call, and the moves between them: switching Form and Raw JSON carries what was typed across, "Use
 * generated arguments" fills both, and Call reads the arguments or says what to fix and where.
 */
import {
  initialValues,
  fieldsToFix,
  readForm,
  readJsonArguments,
  type FieldValue,
  type FormField,
  type FormValues,
} from './schema-fields';

export interface Draft {
  mode: 'form' | 'json';
  values: FormValues;
  json: string;
  errors: Readonly<Record<string, string>>;
  problem: string | null;
}

export function freshDraft(fields: readonly FormField[]): Draft {
  return { mode: 'form', values: initialValues(fields), json: '{}', errors: {}, problem: null };
}

/** Form to JSON: what the form reads as (else the JSON kept); JSON to form: the JSON's values (else the form kept). */
export function switchMode(draft: Draft, fields: readonly FormField[], mode: Draft['mode']): Draft {
  if (mode === draft.mode) return draft;
  if (mode === 'json') {
    const read = readForm(fields, draft.values);
    return { ...draft, mode, json: read.ok ? JSON.stringify(read.values, null, 2) : draft.json, problem: null };
  }
  const read = readJsonArguments(draft.json);
  return { ...draft, mode, values: read.ok ? initialValues(fields, read.values) : draft.values, problem: null };
}

export function generatedDraft(draft: Draft, fields: readonly FormField[], generated: Record<string, unknown>): Draft {
  return {
    ...draft,
    values: initialValues(fields, generated),
    json: JSON.stringify(generated, null, 2),
    errors: {},
    problem: null,
  };
}

/** One field changed: its value, its error gone. */
export function changeField(draft: Draft, name: string, value: FieldValue): Draft {
  const { [name]: _fixed, ...errors } = draft.errors;
  return { ...draft, values: { ...draft.values, [name]: value }, errors };
}

export type Submitted =
  | { ok: true; draft: Draft; arguments: Record<string, unknown> }
  /** `focus`: the JSON field, or the index of the first field to fix. */
  | { ok: false; draft: Draft; focus: 'json' | number };

export function submitDraft(draft: Draft, fields: readonly FormField[]): Submitted {
  if (draft.mode === 'json') {
    const read = readJsonArguments(draft.json);
    return read.ok
      ? { ok: true, draft: { ...draft, problem: null }, arguments: read.values }
      : { ok: false, draft: { ...draft, problem: read.error }, focus: 'json' };
  }
  const read = readForm(fields, draft.values);
  if (read.ok) return { ok: true, draft: { ...draft, errors: {}, problem: null }, arguments: read.values };
  const bad = fieldsToFix(fields, read.errors);
  return {
    ok: false,
    draft: {
      ...draft,
      errors: read.errors,
      problem: `Fix ${bad.fields.map((field) => field.label).join(', ')} first.`,
    },
    focus: bad.focus,
  };
}
