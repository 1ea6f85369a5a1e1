'use client';

/**
 * Editable NAME / secret-value rows: environment variables for a local server, HTTP headers for a
 * hosted one. Values live in React state only and are typed into password inputs.
 */
import { useId } from 'react';
import { BUTTON, INPUT, MUTED } from './styles';

export interface KeyValueRow {
  id: number;
  name: string;
  value: string;
}

interface KeyValueRowsProps {
  legend: string;
  description: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  newRow: () => KeyValueRow;
  /** Test id prefix: rows get `${prefix}-name-<i>` and `${prefix}-value-<i>`, the add button `${prefix}-add`. */
  testPrefix: string;
  addLabel: string;
  namePlaceholder: string;
  valuePlaceholder: string;
  nameLabel: string;
  valueLabel: string;
  /** Why a name is not acceptable, or null. */
  nameProblem: (name: string) => string | null;
}

// Long because: the markup of one repeated name/value row (labels, inputs, its problem, remove) and the add button; the state is the caller's.
export function KeyValueRows(props: KeyValueRowsProps) {
  const { rows, onChange, testPrefix } = props;
  const baseId = useId();
  const update = (id: number, patch: Partial<KeyValueRow>): void => {
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-xs font-medium text-slate-700 dark:text-slate-300">{props.legend}</legend>
      <p className={`mt-0.5 text-xs ${MUTED}`}>{props.description}</p>
      {rows.length > 0 ? (
        <ul className="mt-2 space-y-2">
          {rows.map((row, i) => {
            const problem = row.name.trim() === '' ? null : props.nameProblem(row.name.trim());
            const nameId = `${baseId}-name-${row.id}`;
            const valueId = `${baseId}-value-${row.id}`;
            const problemId = `${baseId}-problem-${row.id}`;
            return (
              <li key={row.id}>
                <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <label htmlFor={nameId} className="sr-only">
                    {props.nameLabel} {i + 1}
                  </label>
                  <input
                    id={nameId}
                    data-testid={`${testPrefix}-name-${i}`}
                    className={`${INPUT} font-mono sm:w-2/5`}
                    value={row.name}
                    placeholder={props.namePlaceholder}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={problem !== null}
                    aria-describedby={problem !== null ? problemId : undefined}
                    onChange={(event) => {
                      update(row.id, { name: event.target.value });
                    }}
                  />
                  <label htmlFor={valueId} className="sr-only">
                    {props.valueLabel} {i + 1}
                  </label>
                  <input
                    id={valueId}
                    data-testid={`${testPrefix}-value-${i}`}
                    type="password"
                    className={`${INPUT} min-w-0 flex-1 font-mono`}
                    value={row.value}
                    placeholder={props.valuePlaceholder}
                    autoComplete="new-password"
                    spellCheck={false}
                    onChange={(event) => {
                      update(row.id, { value: event.target.value });
                    }}
                  />
                  <button
                    type="button"
                    data-testid={`${testPrefix}-remove-${i}`}
                    className={BUTTON.ghost}
                    aria-label={`Remove ${props.nameLabel.toLowerCase()} ${i + 1}`}
                    onClick={() => {
                      onChange(rows.filter((r) => r.id !== row.id));
                    }}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </div>
                {problem !== null ? (
                  <p id={problemId} className="mt-1 text-xs text-rose-700 dark:text-rose-300">
                    {problem}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <button
        type="button"
        data-testid={`${testPrefix}-add`}
        className={`${BUTTON.ghost} mt-2 -ml-2 text-sky-700 dark:text-sky-400`}
        onClick={() => {
          onChange([...rows, props.newRow()]);
        }}
      >
        <span aria-hidden="true">+</span> {props.addLabel}
      </button>
    </fieldset>
  );
}
