'use client';
/**
 * The exercise's live progress: one line per call (tool, round, outcome, time), and Cancel while it
 * runs. Cancel takes focus when the run starts (the consent dialog that had it is gone).
 */
import { useEffect, useRef } from 'react';
import { VisibleText } from '@/components/ui/visible-text';
import type { CallEvent } from './use-exercise';

export function ExerciseProgressList({
  calls,
  running,
  onCancel,
}: {
  calls: readonly CallEvent[];
  running: boolean;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (running) cancelRef.current?.focus();
  }, [running]);
  return (
    <ol data-testid="exercise-progress" aria-live="polite" className="space-y-0.5 text-xs">
      {running && calls.length === 0 ? <li>Starting the sandbox and auditing…</li> : null}
      {calls.map((call) => (
        <li key={call.index} data-testid="exercise-call" data-outcome={call.outcome ?? 'running'}>
          [{call.index + 1}/{call.total}] <VisibleText text={call.tool} />
          {call.round > 1 ? ' (repeat)' : ''}: {call.outcome ?? 'calling…'}
          {call.durationMs === undefined ? '' : `, ${call.durationMs} ms`}
        </li>
      ))}
      {running ? (
        <li>
          <button ref={cancelRef} type="button" data-testid="exercise-cancel" onClick={onCancel} className="underline">
            Cancel
          </button>
        </li>
      ) : null}
    </ol>
  );
}
