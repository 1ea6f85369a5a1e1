/**
 * Errors and warnings, each with its code, what happened and what to try: the report's own
 * problems, a refused request, a network failure. Never a blank screen.
 */
import { dashboardHint } from './advice';
import type { UiProblem } from './ui-problem';
import { BUTTON } from './styles';
import { VisibleText } from './visible-text';

/** A Problem and how loud to show it. */
export type ShownProblem = UiProblem & { level: 'error' | 'warning' | 'notice' };

const LEVEL_STYLE: Record<ShownProblem['level'], { box: string; code: string; label: string }> = {
  error: {
    box: 'bg-rose-50 ring-rose-200 dark:bg-rose-950/60 dark:ring-rose-900',
    code: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
    label: 'Error',
  },
  warning: {
    box: 'bg-amber-50 ring-amber-200 dark:bg-amber-950/50 dark:ring-amber-900',
    code: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
    label: 'Warning',
  },
  notice: {
    box: 'bg-slate-50 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700',
    code: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
    label: 'Note',
  },
};

/**
 * `onAddEnv`: adds a variable row to the local form; a problem that names missing variables then
 * offers one button per variable.
 */
export function ProblemList({ problems, onAddEnv }: { problems: ShownProblem[]; onAddEnv?: (name: string) => void }) {
  if (problems.length === 0) return null;
  return (
    <ul data-testid="audit-problems" className="space-y-2" aria-label="Errors and warnings">
      {problems.map((problem, i) => {
        const style = LEVEL_STYLE[problem.level];
        return (
          <li
            // Problems are shown in the order received and never reordered.
            key={i}
            data-testid="audit-error"
            data-code={problem.code}
            data-level={problem.level}
            className={`rounded-lg px-4 py-3 text-sm ring-1 ring-inset ${style.box}`}
          >
            <div role={problem.level === 'error' ? 'alert' : undefined}>
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900 dark:text-slate-50">{style.label}</span>
                <code className={`rounded px-1.5 py-px font-mono text-xs ${style.code}`}>{problem.code}</code>
                {problem.step !== undefined ? (
                  <span className="text-xs text-slate-700 dark:text-slate-300">at {problem.step}</span>
                ) : null}
              </div>
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                <VisibleText text={problem.message} />
              </p>
              {problem.hint !== undefined ? (
                <p className="mt-1 break-words text-slate-700 dark:text-slate-300">
                  <span className="font-medium">What to try: </span>
                  {dashboardHint(problem)}
                </p>
              ) : null}
            </div>
            {onAddEnv !== undefined && problem.missingEnv !== undefined && problem.missingEnv.length > 0 ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span className="text-xs text-slate-700 dark:text-slate-300">The server says it needs:</span>
                {problem.missingEnv.map((name) => (
                  <button
                    key={name}
                    type="button"
                    data-testid="add-missing-env"
                    data-env-name={name}
                    className={BUTTON.secondary}
                    onClick={() => {
                      onAddEnv(name);
                    }}
                  >
                    Add {name}
                  </button>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
