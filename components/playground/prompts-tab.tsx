'use client';
/**
 * The playground's Prompts tab: pick a prompt, fill its arguments (text, required ones marked), Get.
 * Required arguments left empty are named in an alert and the first takes focus.
 */
import { useId, useState } from 'react';
import type { PlaygroundCallRequest, PlaygroundSurface } from '@/lib/core/playground/schema';
import { BUTTON, INPUT, LabelledField, MUTED } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';
import { CompletionList, type Completer } from './completion-list';
import { SchemaForm } from './schema-form';
import {
  fieldsToFix,
  initialValues,
  multilineString,
  readForm,
  type FieldValue,
  type FormField,
  type FormValues,
} from './schema-fields';

type Prompt = PlaygroundSurface['prompts'][number];

/** A prompt's arguments as form fields: each is text (MCP prompt arguments are strings). */
function promptFields(prompt: Prompt | undefined): FormField[] {
  return (prompt?.arguments ?? []).map((argument) => ({
    name: argument.name,
    kind: 'string',
    label: argument.name,
    description: argument.description ?? null,
    required: argument.required === true,
    format: null,
    multiline: multilineString(argument.name, { type: 'string', description: argument.description }),
    options: [],
    defaultValue: undefined,
    note: null,
  }));
}

const textOf = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');

/** The other arguments filled in, as completion's context (the spec's context.arguments). */
function otherArguments(values: FormValues, except: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => name !== except && typeof value === 'string' && value !== ''),
  ) as Record<string, string>;
}

// Long because: one form: the picker, the argument fields, the alert and Get, with the state they share.
export function PromptsTab({
  prompts,
  busy,
  onCall,
  complete,
}: {
  prompts: readonly Prompt[];
  busy: boolean;
  /** Present when the server declares completions: each argument gets suggestions. */
  complete?: Completer | undefined;
  onCall: (request: PlaygroundCallRequest) => void;
}) {
  const id = useId();
  const [name, setName] = useState(prompts[0]?.name ?? '');
  const prompt = prompts.find((p) => p.name === name);
  const fields = promptFields(prompt);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  if (prompts.length === 0) return <p className={MUTED}>The server lists no prompts.</p>;

  const get = (): void => {
    if (prompt === undefined) return;
    const read = readForm(fields, values);
    if (!read.ok) {
      setErrors(read.errors);
      const bad = fieldsToFix(fields, read.errors);
      setProblem(`Fill ${bad.fields.map((f) => f.name).join(', ')} first.`);
      document.getElementById(`${id}-args-${String(bad.focus)}`)?.focus();
      return;
    }
    setErrors({});
    setProblem(null);
    const args = Object.fromEntries(Object.entries(read.values).map(([key, value]) => [key, String(value)]));
    onCall({ method: 'prompts/get', name: prompt.name, arguments: args });
  };

  return (
    <form
      data-testid="playground-prompts"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        get();
      }}
    >
      <LabelledField id={`${id}-prompt`} label="Prompt">
        <select
          id={`${id}-prompt`}
          data-testid="playground-prompt"
          value={name}
          onChange={(event) => {
            const next = prompts.find((p) => p.name === event.target.value);
            setName(event.target.value);
            setValues(initialValues(promptFields(next)));
            setErrors({});
            setProblem(null);
          }}
          className={INPUT}
        >
          {prompts.map((p) => (
            <option key={p.name} value={p.name}>
              {markedText(p.name)}
            </option>
          ))}
        </select>
      </LabelledField>
      {prompt?.description !== undefined ? (
        <p className={`text-xs ${MUTED}`}>
          <VisibleText text={prompt.description} />
        </p>
      ) : null}
      <SchemaForm
        idPrefix={`${id}-args`}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues({ ...values, [field]: value });
        }}
        below={
          complete === undefined || prompt === undefined
            ? undefined
            : (field) => (
                <CompletionList
                  key={`${prompt.name} ${field.name}`}
                  complete={complete}
                  label={field.name}
                  request={{
                    ref: { type: 'ref/prompt', name: prompt.name },
                    argument: { name: field.name, value: textOf(values[field.name]) },
                    context: { arguments: otherArguments(values, field.name) },
                  }}
                  onPick={(picked) => {
                    setValues({ ...values, [field.name]: picked });
                  }}
                />
              )
        }
      />
      <div role="alert" data-testid="playground-prompt-problem" className="text-sm text-rose-700 dark:text-rose-300">
        {problem}
      </div>
      <button type="submit" data-testid="playground-get" disabled={busy} className={BUTTON.primary}>
        Get <VisibleText text={prompt?.name ?? ''} controls />
      </button>
    </form>
  );
}
