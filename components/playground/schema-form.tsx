'use client';
/**
 * The fields of a schema (schema-fields.ts) as a form: a tool's arguments, a prompt's arguments, an
 * elicitation's answer. Every field has a label (the server's title or name, its invisible characters
 * marked), "required" said in words, its description tied to it, and its error tied to it and marked
 * invalid. Values are the caller's state; nothing here is sent.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import type { FieldValue, FormField, FormValues } from './schema-fields';
import { ownValue } from '@/lib/core/own';
import { tickedKeys, UNSET } from './schema-fields';
import { INPUT, LABEL, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

interface SchemaFormProps {
  /** Makes the fields' ids unique on the page ("tool-args"). */
  idPrefix: string;
  fields: readonly FormField[];
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  onChange: (name: string, value: FieldValue) => void;
  /** Drawn under a field's control (its completion suggestions). */
  below?: (field: FormField) => ReactNode;
}

const STRING_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date' };

/** Ctrl+Enter (or Cmd+Enter) in a multi-line field submits its form, as Enter does in a one-line field. */
function submitOnModEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

function describedBy(...ids: (string | null)[]): string | undefined {
  const list = ids.filter((id): id is string => id !== null);
  return list.length === 0 ? undefined : list.join(' ');
}

// Long because: one control per kind of field (checkbox, select, JSON textarea, typed input), sharing their ARIA attributes.
function Control({
  field,
  id,
  value,
  invalid,
  describedIds,
  onChange,
}: {
  field: FormField;
  id: string;
  value: FieldValue | undefined;
  invalid: boolean;
  describedIds: string | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const common = {
    id,
    'data-testid': `field-${field.name}`,
    'aria-invalid': invalid,
    'aria-describedby': describedIds,
    'aria-required': field.required,
  };
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'boolean' && field.required)
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
        className="size-6"
      />
    );
  if (field.kind === 'boolean' || field.kind === 'enum') {
    const options =
      field.kind === 'boolean'
        ? [
            { key: 'true', label: 'true' },
            { key: 'false', label: 'false' },
          ]
        : field.options;
    return (
      <select
        {...common}
        value={text}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={INPUT}
      >
        {field.required ? null : <option value={UNSET}>(not sent)</option>}
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'json')
    return (
      <textarea
        {...common}
        value={text}
        rows={3}
        spellCheck={false}
        placeholder="JSON"
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={`${INPUT} font-mono text-xs`}
      />
    );
  if (field.multiline)
    return (
      <textarea
        {...common}
        value={text}
        rows={4}
        onKeyDown={submitOnModEnter}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={`${INPUT} resize-y`}
      />
    );
  return (
    <input
      {...common}
      type={field.kind === 'string' ? (STRING_TYPES[field.format ?? ''] ?? 'text') : 'text'}
      inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined}
      value={text}
      autoComplete="off"
      onChange={(event) => {
        onChange(event.target.value);
      }}
      className={INPUT}
    />
  );
}

function MultiField({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: FormField;
  id: string;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const ticked = tickedKeys(value);
  return (
    <fieldset
      data-testid={`field-${field.name}`}
      aria-describedby={describedBy(
        field.description === null ? null : `${id}-help`,
        error === undefined ? null : `${id}-error`,
      )}
      aria-invalid={error !== undefined}
    >
      <legend className={LABEL}>
        <VisibleText text={field.label} controls />
        {field.required ? ' (required)' : ''}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {field.options.map((option, i) => (
          <label key={option.key} htmlFor={`${id}-${String(i)}`} className="inline-flex items-center gap-1.5 text-sm">
            <input
              id={`${id}-${String(i)}`}
              type="checkbox"
              checked={ticked.includes(option.key)}
              onChange={(event) => {
                onChange(event.target.checked ? [...ticked, option.key] : ticked.filter((key) => key !== option.key));
              }}
              className="size-6"
            />
            <VisibleText text={option.label} controls />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SchemaForm({ idPrefix, fields, values, errors, onChange, below }: SchemaFormProps) {
  if (fields.length === 0) return <p className={`text-sm ${MUTED}`}>No arguments.</p>;
  return (
    <div className="space-y-3">
      {fields.map((field, index) => {
        const id = `${idPrefix}-${String(index)}`;
        const error = ownValue(errors, field.name);
        const help = field.description === null ? null : `${id}-help`;
        const errorId = error === undefined ? null : `${id}-error`;
        const change = (value: FieldValue): void => {
          onChange(field.name, value);
        };
        return (
          <div key={field.name} className="space-y-1">
            {field.kind === 'multi' ? (
              <MultiField field={field} id={id} value={ownValue(values, field.name)} error={error} onChange={change} />
            ) : (
              <>
                <label htmlFor={id} className={LABEL}>
                  <VisibleText text={field.label} controls />
                  {field.label !== field.name ? (
                    <span className={`font-mono font-normal ${MUTED}`}>
                      {' '}
                      (<VisibleText text={field.name} controls />)
                    </span>
                  ) : null}
                  {field.required ? ' (required)' : ''}
                  <span className={`font-normal ${MUTED}`}>
                    {' '}
                    ·{' '}
                    {field.kind === 'json'
                      ? 'JSON'
                      : field.multiline
                        ? 'text, several lines (Ctrl+Enter sends)'
                        : field.kind}
                  </span>
                </label>
                <Control
                  field={field}
                  id={id}
                  value={ownValue(values, field.name)}
                  invalid={error !== undefined}
                  describedIds={describedBy(help, errorId)}
                  onChange={change}
                />
              </>
            )}
            {below?.(field)}
            {field.description !== null ? (
              <p id={`${id}-help`} className={`text-xs ${MUTED}`}>
                <VisibleText text={field.description} />
              </p>
            ) : null}
            {field.note !== null ? (
              <p data-testid="field-note" className="text-xs text-amber-800 dark:text-amber-200">
                {field.note}
              </p>
            ) : null}
            {error !== undefined ? (
              <p id={`${id}-error`} className="text-xs text-rose-700 dark:text-rose-300">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
