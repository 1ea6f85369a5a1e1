'use client';
/**
 * Suggestions for a prompt's argument or a template's variable (issue 49; MCP "Completion"): once the
 * user has typed in the field (or cleared it), the server is asked after a pause (DEBOUNCE_MS), an
 * older answer that comes late is dropped, and the values show as buttons under the field; picking
 * one fills the field. Drawn only when the server declares `completions`. A failure is said quietly.
 */
import { useEffect, useRef, useState } from 'react';
import type { PlaygroundComplete, PlaygroundCompletion } from '@/lib/core/playground/conveniences';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import type { ApiAnswer } from './playground-client';

export const DEBOUNCE_MS = 250;
/** Values drawn at most (the server sends at most 100). */
const SHOWN = 12;

export type Completer = (request: PlaygroundComplete) => Promise<ApiAnswer<PlaygroundCompletion>>;

// Long because: the debounced request with its stale-answer guard, then the list of values.
export function CompletionList({
  complete,
  request,
  label,
  onPick,
}: {
  complete: Completer;
  /** What to ask for the value now in the field. */
  request: PlaygroundComplete;
  /** The field's name, for the list's label. */
  label: string;
  onPick: (value: string) => void;
}) {
  const [shown, setShown] = useState<{ for: string; completion: PlaygroundCompletion } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const asked = useRef(0);
  const initial = useRef<string | null>(request.argument.value);
  const key = JSON.stringify(request);
  const value = request.argument.value;
  useEffect(() => {
    // Nothing is asked until the user has changed the field.
    if (initial.current !== null && value === initial.current) return;
    initial.current = null;
    const ask = (asked.current += 1);
    const timer = setTimeout(() => {
      void complete(JSON.parse(key) as PlaygroundComplete).then((answer) => {
        if (ask !== asked.current) return;
        if (answer.ok) {
          setShown({ for: value, completion: answer.value });
          setProblem(null);
        } else setProblem(answer.message);
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key, value, complete]);
  if (problem !== null)
    return (
      <p data-testid={`completion-problem-${label}`} className={`text-xs ${MUTED}`}>
        No suggestions: <VisibleText text={problem} />
      </p>
    );
  if (shown?.for !== value) return null;
  const { values, total, hasMore } = shown.completion;
  if (values.length === 0)
    return (
      <p data-testid={`completion-${label}`} className={`text-xs ${MUTED}`}>
        No suggestions from the server.
      </p>
    );
  const more = (total ?? values.length) - Math.min(values.length, SHOWN);
  return (
    <div data-testid={`completion-${label}`} className="text-xs">
      <p id={`completion-${label}-label`} className={MUTED}>
        Suggestions from the server{more > 0 || hasMore ? ` (${String(Math.max(more, 0))} more; type to narrow)` : ''}:
      </p>
      <ul aria-labelledby={`completion-${label}-label`} className="mt-1 flex flex-wrap gap-2">
        {values.slice(0, SHOWN).map((suggestion) => (
          <li key={suggestion}>
            <button
              type="button"
              data-testid="completion-value"
              onClick={() => {
                onPick(suggestion);
              }}
              className="inline-flex min-h-6 min-w-6 items-center rounded-md px-2 py-0.5 text-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:ring-slate-600 dark:hover:bg-slate-800"
            >
              <VisibleText text={suggestion} controls />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
