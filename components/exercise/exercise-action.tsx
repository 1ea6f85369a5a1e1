'use client';
/**
 * "Exercise in a sandbox" (issue 23): a button under a local audit's report; a consent dialog that
 * names every tool to be called (lib/core/exercise/select.ts, the server's own plan) and how often;
 * POST /api/exercise with the confirmed names; live progress per call; the exercised report then
 * replaces the audited one, its summary box shown first. Nothing is called before Confirm.
 */
import { useEffect, useRef, useState } from 'react';
import type { AuditRequest } from '@/lib/core/api/audit-request';
import { planExercise } from '@/lib/core/exercise/select';
import type { ExerciseMode } from '@/lib/core/exercise/modes';
import type { Report } from '@/lib/core/report/report';
import { VisibleText } from '@/components/ui/visible-text';
import { ExerciseDialog } from './exercise-dialog';
import { ExerciseProgressList } from './exercise-progress';
import { ExerciseSummary } from './exercise-summary';
import { useExercise } from './use-exercise';

export function ExerciseAction({
  report,
  request,
  onReport,
}: {
  report: Report;
  request: Extract<AuditRequest, { transport: 'stdio' }>;
  onReport: (report: Report) => void;
}) {
  const [mode, setMode] = useState<ExerciseMode>('checkable');
  const { stage, setStage, calls, problem, confirm, cancel } = useExercise(request, onReport);
  const plan = planExercise(report.tools, mode);
  // Focus goes back to the button that opened the dialog when the dialog closes and when the run
  // ends (the button is drawn again then), never to the page's body.
  const openerRef = useRef<HTMLButtonElement>(null);
  const previousStage = useRef(stage);
  useEffect(() => {
    const before = previousStage.current;
    previousStage.current = stage;
    if ((before === 'confirming' || before === 'running') && stage !== 'confirming' && stage !== 'running')
      openerRef.current?.focus();
  }, [stage]);

  return (
    <section data-testid="exercise" aria-label="Exercise in a sandbox" className="space-y-2 text-sm">
      <ExerciseSummary report={report} />
      {stage === 'idle' || stage === 'done' || stage === 'failed' ? (
        <button
          ref={openerRef}
          type="button"
          data-testid="exercise-open"
          onClick={() => {
            setStage('confirming');
          }}
          className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900 dark:hover:bg-white"
        >
          Exercise in a sandbox
        </button>
      ) : null}
      {stage === 'confirming' ? (
        <ExerciseDialog
          tools={plan.tools}
          mode={mode}
          onMode={setMode}
          onConfirm={() =>
            void confirm(
              mode,
              plan.tools.map((tool) => tool.name),
            )
          }
          onCancel={() => {
            setStage('idle');
          }}
        />
      ) : null}
      {calls.length > 0 || stage === 'running' ? (
        <ExerciseProgressList calls={calls} running={stage === 'running'} onCancel={cancel} />
      ) : null}
      {problem !== null ? (
        <p role="alert" data-testid="exercise-problem" className="text-red-800 dark:text-red-300">
          <VisibleText text={problem} />
        </p>
      ) : null}
    </section>
  );
}
