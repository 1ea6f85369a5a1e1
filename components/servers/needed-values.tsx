/**
 * The values the chosen servers still need, typed for this batch only: kept in the page's state,
 * cleared when the batch starts, never shown back (password fields where the client asks for one).
 */
import type { Need } from '@/lib/core/config/variables';
import { INPUT, LABEL } from '@/components/ui/styles';

export function NeededValues({
  needs,
  values,
  disabled,
  onChange,
}: {
  needs: readonly Need[];
  values: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (key: string, value: string) => void;
}) {
  if (needs.length === 0) return null;
  return (
    <fieldset className="mt-4 space-y-2" data-testid="needed-values">
      <legend className="text-sm font-medium">
        Values the chosen servers need (used for this batch only, never stored)
      </legend>
      {needs.map((need) => (
        <div key={need.key}>
          <label className={LABEL} htmlFor={`need-${need.key}`}>
            {need.kind === 'unsupported'
              ? `${need.key} (resolved only by the client: this server cannot start here)`
              : need.key}
            {need.description === null ? '' : ` — ${need.description}`}
          </label>
          <input
            id={`need-${need.key}`}
            className={INPUT}
            type={need.password ? 'password' : 'text'}
            autoComplete="off"
            disabled={disabled || need.kind === 'unsupported'}
            value={values[need.key] ?? ''}
            onChange={(event) => {
              onChange(need.key, event.target.value);
            }}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The needs of the chosen servers, each key once. */
export function needsOf(chosen: readonly { needs: readonly Need[] }[]): Need[] {
  const needs: Need[] = [];
  for (const server of chosen)
    for (const need of server.needs) if (!needs.some((n) => n.key === need.key)) needs.push(need);
  return needs;
}
