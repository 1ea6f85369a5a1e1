'use client';
/**
 * The playground's Tools tab: pick a tool, fill its arguments (a form made from its inputSchema, or
 * raw JSON), start from the exercise's generated arguments if wanted, and Call. A form that cannot be
 * read says which fields, in an alert, and focus goes to the first of them.
 */
import { useId, useState } from 'react';
import type { PlaygroundCallRequest, PlaygroundSurface } from '@/lib/core/playground/schema';
import { BUTTON, INPUT, LABEL, MUTED } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';
import { SchemaForm } from './schema-form';
import {
  initialValues,
  readForm,
  readJsonArguments,
  schemaFields,
  type FieldValue,
  type FormValues,
} from './schema-fields';

type Tool = PlaygroundSurface['tools'][number];

interface Draft {
  mode: 'form' | 'json';
  values: FormValues;
  json: string;
  errors: Record<string, string>;
  problem: string | null;
}

function freshDraft(tool: Tool | undefined): Draft {
  return {
    mode: 'form',
    values: initialValues(schemaFields(tool?.inputSchema)),
    json: '{}',
    errors: {},
    problem: null,
  };
}

export function ToolsTab({
  tools,
  busy,
  onCall,
}: {
  tools: readonly Tool[];
  busy: boolean;
  onCall: (request: PlaygroundCallRequest) => void;
}) {
  const id = useId();
  const [name, setName] = useState(tools[0]?.name ?? '');
  const tool = tools.find((t) => t.name === name);
  const fields = schemaFields(tool?.inputSchema);
  const [draft, setDraft] = useState<Draft>(() => freshDraft(tool));
  if (tools.length === 0) return <p className={MUTED}>The server lists no tools.</p>;

  const pick = (next: string): void => {
    setName(next);
    setDraft(freshDraft(tools.find((t) => t.name === next)));
  };
  const setMode = (mode: Draft['mode']): void => {
    if (mode === draft.mode) return;
    if (mode === 'json') {
      const read = readForm(fields, draft.values);
      setDraft({ ...draft, mode, json: read.ok ? JSON.stringify(read.values, null, 2) : draft.json, problem: null });
      return;
    }
    const read = readJsonArguments(draft.json);
    setDraft({ ...draft, mode, values: read.ok ? initialValues(fields, read.values) : draft.values, problem: null });
  };
  const useGenerated = (): void => {
    if (tool === undefined) return;
    setDraft({
      ...draft,
      values: initialValues(fields, tool.generatedArguments),
      json: JSON.stringify(tool.generatedArguments, null, 2),
      errors: {},
      problem: null,
    });
  };
  const call = (): void => {
    if (tool === undefined) return;
    if (draft.mode === 'json') {
      const read = readJsonArguments(draft.json);
      if (!read.ok) {
        setDraft({ ...draft, problem: read.error });
        document.getElementById(`${id}-json`)?.focus();
        return;
      }
      setDraft({ ...draft, problem: null });
      onCall({ method: 'tools/call', name: tool.name, arguments: read.values });
      return;
    }
    const read = readForm(fields, draft.values);
    if (!read.ok) {
      const bad = fields.filter((field) => field.name in read.errors);
      setDraft({ ...draft, errors: read.errors, problem: `Fix ${bad.map((field) => field.label).join(', ')} first.` });
      const first = fields.findIndex((field) => field.name in read.errors);
      const element =
        document.getElementById(`${id}-args-${String(first)}`) ??
        document.getElementById(`${id}-args-${String(first)}-0`);
      element?.focus();
      return;
    }
    setDraft({ ...draft, errors: {}, problem: null });
    onCall({ method: 'tools/call', name: tool.name, arguments: read.values });
  };

  return (
    <form
      data-testid="playground-tools"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        call();
      }}
    >
      <div>
        <label htmlFor={`${id}-tool`} className={LABEL}>
          Tool
        </label>
        <select
          id={`${id}-tool`}
          data-testid="playground-tool"
          value={name}
          onChange={(event) => {
            pick(event.target.value);
          }}
          className={INPUT}
        >
          {tools.map((t) => (
            <option key={t.name} value={t.name}>
              {markedText(t.title === undefined ? t.name : `${t.name} (${t.title})`)}
            </option>
          ))}
        </select>
      </div>
      {tool?.description !== undefined ? (
        <p className={`text-xs whitespace-pre-line ${MUTED}`}>
          <VisibleText text={tool.description} />
        </p>
      ) : null}
      <p data-testid="playground-claims" className="text-xs">
        Its hints claim:{' '}
        {tool === undefined || tool.claims.length === 0
          ? 'nothing checkable (the call is observed)'
          : tool.claims.join(', ')}
      </p>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <legend className={`${LABEL} mb-1`}>Arguments as</legend>
        {(['form', 'json'] as const).map((mode) => (
          <label key={mode} className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-mode`}
              data-testid={`playground-mode-${mode}`}
              checked={draft.mode === mode}
              onChange={() => {
                setMode(mode);
              }}
            />
            {mode === 'form' ? 'Form' : 'Raw JSON'}
          </label>
        ))}
        <button type="button" data-testid="playground-generated" onClick={useGenerated} className={BUTTON.ghost}>
          Use generated arguments
        </button>
      </fieldset>
      {draft.mode === 'form' ? (
        <SchemaForm
          idPrefix={`${id}-args`}
          fields={fields}
          values={draft.values}
          errors={draft.errors}
          onChange={(field: string, value: FieldValue) => {
            const { [field]: _fixed, ...errors } = draft.errors;
            setDraft({ ...draft, values: { ...draft.values, [field]: value }, errors });
          }}
        />
      ) : (
        <div>
          <label htmlFor={`${id}-json`} className={LABEL}>
            Arguments (a JSON object)
          </label>
          <textarea
            id={`${id}-json`}
            data-testid="playground-json"
            value={draft.json}
            rows={8}
            spellCheck={false}
            aria-invalid={draft.problem !== null}
            aria-describedby={draft.problem === null ? undefined : `${id}-problem`}
            onChange={(event) => {
              setDraft({ ...draft, json: event.target.value });
            }}
            className={`${INPUT} font-mono text-xs`}
          />
        </div>
      )}
      <div
        id={`${id}-problem`}
        role="alert"
        data-testid="playground-form-problem"
        className="text-sm text-rose-700 dark:text-rose-300"
      >
        {draft.problem}
      </div>
      <button type="submit" data-testid="playground-call" disabled={busy} className={BUTTON.primary}>
        Call <VisibleText text={tool?.name ?? ''} controls />
      </button>
    </form>
  );
}
