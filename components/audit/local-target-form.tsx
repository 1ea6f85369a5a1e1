'use client';

/**
 * A local server: its command (one line, or command + arguments), optional working directory and
 * environment variables. State is owned by the dashboard and kept in React state only: never in
 * storage, never in the URL.
 */
import { useId, type SubmitEvent } from 'react';
import { joinCommandLine, splitCommandLine } from '@/lib/core/command-line';
import { KeyValueRows, type KeyValueRow } from '@/components/ui/key-value-rows';
import { COMMAND_EXAMPLE, envNameProblem, localWords, type CommandMode, type LocalTarget } from './target-request';
import { BUTTON, INPUT, LabelledField, MUTED, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import type { UiProblem } from '@/components/ui/ui-problem';
import { CapabilitiesField } from './capabilities-field';

type InvalidField = UiProblem['field'];

interface LocalFormProps {
  /** The field the last refusal was about: highlighted (aria-invalid) until the input changes. */
  invalidField?: InvalidField;
  value: LocalTarget;
  onChange: (value: LocalTarget) => void;
  onRun: () => void;
  running: boolean;
  newRow: () => KeyValueRow;
}

function CommandPreview({ line }: { line: string }) {
  if (line.trim() === '') return null;
  const split = splitCommandLine(line);
  if (!split.ok) {
    return (
      <p data-testid="command-split-error" role="alert" className="mt-1.5 text-xs text-rose-700 dark:text-rose-300">
        {split.error}
      </p>
    );
  }
  return (
    <div className="mt-1.5 space-y-1">
      <div data-testid="command-words" className={`flex flex-wrap items-center gap-1 text-xs ${MUTED}`}>
        <span>Runs</span>
        {split.words.map((word, i) => (
          <code
            // Words are positional: the index is their identity.
            key={i}
            className={`rounded px-1 py-px font-mono ring-1 ring-inset ${
              i === 0
                ? 'bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-900'
                : 'bg-slate-50 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700'
            }`}
          >
            {word === '' ? '""' : <VisibleText text={word} controls />}
          </code>
        ))}
        <span>without a shell.</span>
      </div>
      {split.warnings.map((warning) => (
        <p key={warning} data-testid="command-split-warning" className="text-xs text-amber-800 dark:text-amber-300">
          {warning}
        </p>
      ))}
    </div>
  );
}

function ModeSwitch({ mode, onChange }: { mode: CommandMode; onChange: (mode: CommandMode) => void }) {
  const options: { value: CommandMode; label: string }[] = [
    { value: 'line', label: 'One line' },
    { value: 'split', label: 'Command + arguments' },
  ];
  return (
    <div
      role="radiogroup"
      aria-label="How to enter the command"
      className="inline-flex rounded-md bg-slate-100 p-0.5 text-xs dark:bg-slate-800"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={mode === option.value}
          data-testid={`command-mode-${option.value}`}
          onClick={() => {
            onChange(option.value);
          }}
          className={`rounded px-2.5 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-sky-600 ${
            mode === option.value
              ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

interface CommandFieldsProps {
  id: string;
  value: LocalTarget;
  onChange: (value: LocalTarget) => void;
  invalidField?: InvalidField;
}

/** The command as command + arguments, the arguments one per line. */
function SplitCommandFields({ id, value, onChange, invalidField }: CommandFieldsProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LabelledField id={`${id}-program`} label="Command">
        <input
          id={`${id}-program`}
          data-testid="target-program"
          aria-invalid={invalidField === 'command'}
          className={`${INPUT} mt-1 font-mono`}
          value={value.program}
          placeholder="node"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            onChange({ ...value, program: event.target.value });
          }}
        />
      </LabelledField>
      <LabelledField id={`${id}-args`} label="Arguments" note="(one per line, taken literally)">
        <textarea
          id={`${id}-args`}
          data-testid="target-args"
          className={`${INPUT} mt-1 font-mono`}
          rows={3}
          value={value.args}
          placeholder={'./server/stdio.js\n--verbose'}
          spellCheck={false}
          onChange={(event) => {
            onChange({ ...value, args: event.target.value });
          }}
        />
      </LabelledField>
    </div>
  );
}

/** The command in the chosen mode: one line (with how it splits), or command + arguments. */
function CommandFields(props: CommandFieldsProps) {
  const { id, value, onChange, invalidField } = props;
  if (value.mode === 'split') return <SplitCommandFields {...props} />;
  return (
    <LabelledField id={`${id}-line`} label="Command">
      <input
        id={`${id}-line`}
        data-testid="target-command"
        aria-invalid={invalidField === 'command'}
        className={`${INPUT} mt-1 font-mono`}
        value={value.line}
        placeholder={COMMAND_EXAMPLE}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          onChange({ ...value, line: event.target.value });
        }}
      />
      <CommandPreview line={value.line} />
    </LabelledField>
  );
}

export function LocalTargetForm({ value, onChange, onRun, running, newRow, invalidField }: LocalFormProps) {
  const id = useId();
  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    if (!running) onRun();
  };
  const switchMode = (mode: CommandMode): void => {
    if (mode === value.mode) return;
    const words = localWords(value);
    if (mode === 'split') {
      const [program = '', ...args] = words.ok ? words.words : [];
      onChange({ ...value, mode, program, args: args.join('\n') });
    } else {
      onChange({ ...value, mode, line: words.ok ? joinCommandLine(words.words) : value.line });
    }
  };
  return (
    <Panel
      title="Local server (stdio)"
      headingId={`${id}-local`}
      actions={<ModeSwitch mode={value.mode} onChange={switchMode} />}
    >
      <form onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-local`} noValidate>
        <CommandFields id={id} value={value} onChange={onChange} invalidField={invalidField} />
        <LabelledField id={`${id}-cwd`} label="Working directory" note="(optional)">
          <input
            id={`${id}-cwd`}
            data-testid="target-cwd"
            aria-invalid={invalidField === 'cwd'}
            className={`${INPUT} mt-1 font-mono`}
            value={value.cwd}
            placeholder="the dashboard's working directory"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              onChange({ ...value, cwd: event.target.value });
            }}
          />
        </LabelledField>
        <KeyValueRows
          legend="Environment variables"
          description="The server gets only HOME, LOGNAME, PATH, SHELL, TERM and USER, plus the variables named here. Leave a value empty to pass that variable from the dashboard's own environment."
          rows={value.env}
          onChange={(env) => {
            onChange({ ...value, env });
          }}
          newRow={newRow}
          testPrefix="env"
          addLabel="Add variable"
          nameLabel="Variable name"
          valueLabel="Variable value"
          namePlaceholder="API_KEY"
          valuePlaceholder="value (empty: pass from the dashboard)"
          nameProblem={envNameProblem}
        />
        <CapabilitiesField
          value={value}
          onChange={(settings) => {
            onChange({ ...value, ...settings });
          }}
        />
        <ListInSandboxField
          checked={value.inSandbox === true}
          onChange={(inSandbox) => {
            onChange({ ...value, inSandbox });
          }}
        />
        <div className="flex flex-wrap items-center gap-3 pt-1">
          <button type="submit" data-testid="run-audit" className={BUTTON.primary} disabled={running}>
            Audit local server
          </button>
          <p className={`text-xs ${MUTED}`}>{runsWhere(value.inSandbox === true)}</p>
        </div>
      </form>
    </Panel>
  );
}

const runsWhere = (inSandbox: boolean): string =>
  inSandbox
    ? 'The server runs in the sandbox, with no network and your HOME hidden, until the audit ends.'
    : 'The server runs on this machine, with your rights, until the audit ends: as your MCP client would start it.';

/** Where the listing runs: on the host (the default, as in the CLI), or in the exercise sandbox. */
function ListInSandboxField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        data-testid="list-in-sandbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span>
        List in the sandbox
        <span className={`block text-xs ${MUTED}`}>
          By default the server is listed on this machine, as the CLI lists it. Tick this to start it in the exercise
          sandbox instead (Linux with bubblewrap): no network, your HOME hidden. A server that downloads itself (npx -y,
          uvx) or reads your files cannot start there.
        </span>
      </span>
    </label>
  );
}
