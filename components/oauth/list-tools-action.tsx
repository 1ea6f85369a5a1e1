'use client';

/** The next step after the OAuth check: the List tools button, the gate's one-line reason, and an offer to add an Authorization header. */
import type { ListToolsGate } from '@/lib/core/oauth/list-tools-gate';
import { BUTTON } from '@/components/ui/styles';

interface ListToolsActionProps {
  gate: ListToolsGate;
  running: boolean;
  onRun: () => void;
  onAddAuthorization: () => void;
  /** The URL in the form is no longer the one checked. */
  staleUrl: boolean;
  /** The listing has already been produced for this check. */
  listed: boolean;
}

export function ListToolsAction({ gate, running, onRun, onAddAuthorization, staleUrl, listed }: ListToolsActionProps) {
  return (
    <div
      data-testid="oauth-next-step"
      data-enabled={gate.enabled}
      className="flex flex-col gap-3 rounded-lg bg-sky-50 px-4 py-3 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center dark:bg-sky-950/40 dark:ring-sky-900"
    >
      <button
        type="button"
        data-testid="run-url-tools"
        className={`${BUTTON.primary} self-start sm:self-auto`}
        disabled={!gate.enabled || running}
        aria-describedby="run-url-tools-reason"
        onClick={onRun}
      >
        {listed ? 'List tools again' : 'List tools'}
      </button>
      <div className="min-w-0 flex-1 text-sm">
        <p
          id="run-url-tools-reason"
          data-testid="run-url-tools-reason"
          className={gate.enabled ? 'text-slate-700 dark:text-slate-300' : 'text-slate-900 dark:text-slate-100'}
        >
          {gate.reason}
        </p>
        {staleUrl ? (
          <p data-testid="oauth-stale-url" className="mt-0.5 text-xs text-amber-800 dark:text-amber-300">
            The URL in the form has changed since this check: this lists the checked URL. Audit URL checks the new one.
          </p>
        ) : null}
      </div>
      {gate.suggestAuthorization ? (
        <button
          type="button"
          data-testid="oauth-add-authorization"
          className={`${BUTTON.secondary} self-start sm:self-auto`}
          onClick={onAddAuthorization}
        >
          Add an Authorization header
        </button>
      ) : null}
    </div>
  );
}
