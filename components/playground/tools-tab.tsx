'use client';
/**
 * The playground's Tools tab: find a tool (by name, title or description; each with its rank in the
 * risk order and its worst flag), pick it, fill its arguments (a form made from its inputSchema, or
 * raw JSON), start from the exercise's generated arguments if wanted, and Call. A form that cannot be
 * read says which fields, in an alert, and focus goes to the first of them.
 */
import { useId, useState } from 'react';
import type { PlaygroundCallRequest, PlaygroundSurface } from '@/lib/core/playground/schema';
import { BUTTON, INPUT, LABEL, LabelledField, MUTED } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';
import { SchemaForm } from './schema-form';
import { schemaFields } from './schema-fields';
import { filterTools, toolLine } from './tool-filter';
import { changeField, freshDraft, generatedDraft, submitDraft, switchMode, type Draft } from './tool-draft';

type Tool = PlaygroundSurface['tools'][number];

// Long because: one searchable list box (its filter, keyboard moves and the options with rank and flag); the filtering is tool-filter.ts's.
function ToolPicker({
  id,
  tools,
  tool,
  onPick,
}: {
  id: string;
  tools: readonly Tool[];
  tool: Tool | undefined;
  onPick: (name: string) => void;
}) {
  const [query, setQuery] = useState('');
  const matching = filterTools(tools, query);
  // The tool picked stays an option while the search hides it, so the select never shows another one.
  const options = tool === undefined || matching.includes(tool) ? matching : [tool, ...matching];
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <LabelledField id={`${id}-search`} label="Find a tool (name, title, description)">
          <input
            id={`${id}-search`}
            type="search"
            data-testid="tool-search"
            value={query}
            autoComplete="off"
            aria-describedby={`${id}-matches`}
            onChange={(event) => {
              const next = event.target.value;
              setQuery(next);
              const first = filterTools(tools, next)[0];
              if (first !== undefined && (tool === undefined || !filterTools(tools, next).includes(tool)))
                onPick(first.name);
            }}
            className={INPUT}
          />
        </LabelledField>
        <LabelledField id={`${id}-tool`} label="Tool (#rank in the risk order · worst flag)">
          <select
            id={`${id}-tool`}
            data-testid="playground-tool"
            value={tool?.name ?? ''}
            onChange={(event) => {
              onPick(event.target.value);
            }}
            className={INPUT}
          >
            {options.map((t) => (
              <option key={t.name} value={t.name}>
                {markedText(toolLine(t))}
              </option>
            ))}
          </select>
        </LabelledField>
      </div>
      <p id={`${id}-matches`} data-testid="tool-matches" role="status" className={`text-xs ${MUTED}`}>
        {query.trim() === ''
          ? `${String(tools.length)} tools, in listing order.`
          : `${String(matching.length)} of ${String(tools.length)} tools match.`}
      </p>
      {tool === undefined ? null : (
        <p data-testid="tool-rank" className="text-xs">
          {tool.rank === undefined
            ? 'Not ranked'
            : `#${String(tool.rank)} of ${String(tools.length)} in the risk order`}
          {tool.topFlag === undefined ? (
            ' · no flag'
          ) : (
            <>
              {' '}
              · its worst flag: <span data-testid="tool-top-flag">{tool.topFlag.severity}</span>{' '}
              <code className="font-mono">{tool.topFlag.id}</code>: <VisibleText text={tool.topFlag.message} />
            </>
          )}
        </p>
      )}
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
    </>
  );
}

function ModeChoice({
  id,
  mode,
  onMode,
  onGenerated,
}: {
  id: string;
  mode: Draft['mode'];
  onMode: (mode: Draft['mode']) => void;
  onGenerated: () => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <legend className={`${LABEL} mb-1`}>Arguments as</legend>
      {(['form', 'json'] as const).map((choice) => (
        <label key={choice} className="inline-flex min-h-6 items-center gap-1.5">
          <input
            type="radio"
            className="size-5"
            name={`${id}-mode`}
            data-testid={`playground-mode-${choice}`}
            checked={mode === choice}
            onChange={() => {
              onMode(choice);
            }}
          />
          {choice === 'form' ? 'Form' : 'Raw JSON'}
        </label>
      ))}
      <button type="button" data-testid="playground-generated" onClick={onGenerated} className={BUTTON.ghost}>
        Use generated arguments
      </button>
    </fieldset>
  );
}

function JsonArguments({
  id,
  json,
  problem,
  onChange,
}: {
  id: string;
  json: string;
  problem: string | null;
  onChange: (json: string) => void;
}) {
  return (
    <LabelledField id={`${id}-json`} label="Arguments (a JSON object)">
      <textarea
        id={`${id}-json`}
        data-testid="playground-json"
        value={json}
        rows={8}
        spellCheck={false}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : `${id}-problem`}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={`${INPUT} font-mono text-xs`}
      />
    </LabelledField>
  );
}

// Long because: one form: the picker, the mode, the arguments, the alert and Call, with the state they share; the moves are tool-draft.ts's.
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
  const [draft, setDraft] = useState<Draft>(() => freshDraft(fields));
  if (tools.length === 0) return <p className={MUTED}>The server lists no tools.</p>;

  const call = (): void => {
    if (tool === undefined) return;
    const submitted = submitDraft(draft, fields);
    setDraft(submitted.draft);
    if (submitted.ok) {
      onCall({ method: 'tools/call', name: tool.name, arguments: submitted.arguments });
      return;
    }
    const target = submitted.focus === 'json' ? `${id}-json` : `${id}-args-${String(submitted.focus)}`;
    (document.getElementById(target) ?? document.getElementById(`${target}-0`))?.focus();
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
      <ToolPicker
        id={id}
        tools={tools}
        tool={tool}
        onPick={(next) => {
          setName(next);
          setDraft(freshDraft(schemaFields(tools.find((t) => t.name === next)?.inputSchema)));
        }}
      />
      <ModeChoice
        id={id}
        mode={draft.mode}
        onMode={(mode) => {
          setDraft(switchMode(draft, fields, mode));
        }}
        onGenerated={() => {
          if (tool !== undefined) setDraft(generatedDraft(draft, fields, tool.generatedArguments));
        }}
      />
      {draft.mode === 'form' ? (
        <SchemaForm
          idPrefix={`${id}-args`}
          fields={fields}
          values={draft.values}
          errors={draft.errors}
          onChange={(field, value) => {
            setDraft(changeField(draft, field, value));
          }}
        />
      ) : (
        <JsonArguments
          id={id}
          json={draft.json}
          problem={draft.problem}
          onChange={(json) => {
            setDraft({ ...draft, json });
          }}
        />
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
