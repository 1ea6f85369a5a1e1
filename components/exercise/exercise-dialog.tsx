'use client';
/**
 * The exercise's consent dialog: every tool to be called and how often (the server's own plan, for
 * the chosen mode), the mode to choose, and Confirm or Cancel. Nothing is called before Confirm.
 * A modal dialog for the keyboard and screen readers (WAI-ARIA APG dialog pattern): focus moves into
 * it when it opens, Tab and Shift+Tab stay inside it, Escape cancels (use-modal-focus.ts); the
 * opener takes focus back (exercise-action.tsx). The tool list, when it scrolls, is a named Tab stop
 * (ScrollRegion).
 */
import type { ExerciseMode } from '@/lib/core/exercise/modes';
import type { PlannedTool } from '@/lib/core/exercise/select';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED } from '@/components/ui/styles';
import { useModalFocus } from '@/components/ui/use-modal-focus';
import { VisibleText } from '@/components/ui/visible-text';

export function ExerciseDialog({
  tools,
  mode,
  onMode,
  onConfirm,
  onCancel,
}: {
  tools: readonly PlannedTool[];
  mode: ExerciseMode;
  onMode: (mode: ExerciseMode) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const total = tools.reduce((sum, tool) => sum + tool.rounds, 0);
  const { ref, onKeyDown } = useModalFocus(onCancel);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby="exercise-dialog-title"
      data-testid="exercise-dialog"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="rounded-lg p-4 ring-1 ring-slate-300 focus:outline-none dark:ring-slate-700"
    >
      <h3 id="exercise-dialog-title" className="font-semibold">
        Call {tools.length} tools in a sandbox?
      </h3>
      <p className={`mt-1 ${MUTED}`}>
        The server starts again inside bubblewrap (no network, the system read-only, a throwaway HOME and working
        folder) and these tools are called one at a time with generated arguments ({total} calls):
      </p>
      <label className="mt-2 block">
        Which tools{' '}
        <select
          data-testid="exercise-mode"
          value={mode}
          onChange={(event) => {
            onMode(event.target.value === 'all' ? 'all' : 'checkable');
          }}
          className="rounded border px-1"
        >
          <option value="checkable">those whose hints claim something checkable</option>
          <option value="all">every tool</option>
        </select>
      </label>
      <ScrollRegion label="Tools to be called" className="mt-2 max-h-48 overflow-auto">
        <ul data-testid="exercise-tools" className="list-disc pl-5">
          {tools.map((tool) => (
            <li key={tool.name} data-testid="exercise-tool">
              <VisibleText text={tool.name} />
              {tool.rounds > 1 ? ' (twice: idempotent)' : ''}
              <span className={MUTED}> · checks {tool.claims.join(', ') || 'nothing (observed only)'}</span>
            </li>
          ))}
        </ul>
      </ScrollRegion>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          data-testid="exercise-confirm"
          disabled={tools.length === 0}
          onClick={onConfirm}
          className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-600 disabled:opacity-50"
        >
          Call these tools
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 dark:ring-slate-700"
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
