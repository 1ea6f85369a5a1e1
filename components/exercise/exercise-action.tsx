'use client';
/**
 * "Exercise in a sandbox" (issue 23): a button under a local audit's report; a consent dialog that
 * names every tool to be called (lib/core/exercise/select.ts, the server's own plan) and how often;
 * POST /api/exercise with the confirmed names; live progress per call; the exercised report then
 * replaces the audited one. Nothing is called before Confirm.
 */
import { useRef, useState } from 'react';
import type { AuditRequest } from '@/lib/core/audit-request';
import { exerciseEventSchema, type ExerciseEvent } from '@/lib/core/exercise-request';
import { planExercise } from '@/lib/core/exercise/select';
import type { ExerciseMode } from '@/lib/core/exercise/modes';
import type { Report } from '@/lib/core/report';
import { problemFromResponse } from '@/components/audit/audit-stream';
import { authHeaders } from '@/components/session/session-token';
import { MUTED } from '@/components/ui/styles';
import { readNdjson } from '@/components/ui/read-ndjson';
import { VisibleText } from '@/components/ui/visible-text';

type CallEvent = Extract<ExerciseEvent, { type: 'call' }>;
type Stage = 'idle' | 'confirming' | 'running' | 'done' | 'failed';

export function ExerciseAction({
  report,
  request,
  onReport,
}: {
  report: Report;
  request: Extract<AuditRequest, { transport: 'stdio' }>;
  onReport: (report: Report) => void;
}) {
  const [stage, setStage] = useState<Stage>('idle');
  const [mode, setMode] = useState<ExerciseMode>('checkable');
  const [calls, setCalls] = useState<CallEvent[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const plan = planExercise(report.tools, mode);
  const total = plan.tools.reduce((sum, tool) => sum + tool.rounds, 0);

  const confirm = async (): Promise<void> => {
    setStage('running');
    setCalls([]);
    setProblem(null);
    controller.current = new AbortController();
    try {
      const response = await fetch('/api/exercise', {
        method: 'POST',
        credentials: 'omit',
        headers: { ...authHeaders(), 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
        body: JSON.stringify({ target: request, mode, confirmedTools: plan.tools.map((tool) => tool.name) }),
        signal: controller.current.signal,
        cache: 'no-store',
      });
      if (!response.ok) {
        const failure = await problemFromResponse(response);
        setProblem(`${failure.message}${failure.hint === undefined ? '' : ` ${failure.hint}`}`);
        setStage('failed');
        return;
      }
      const ended = { finished: false, invalidLines: 0 };
      if (response.body === null) throw new Error('The dashboard answered without a body.');
      await readNdjson(response.body, exerciseEventSchema, {
        onInvalidLine: () => {
          ended.invalidLines += 1;
        },
        onEvent: (event) => {
          if (event.type === 'call')
            setCalls((shown) =>
              [...shown.filter((c) => c.index !== event.index), event].sort((a, b) => a.index - b.index),
            );
          else if (event.type === 'report') {
            ended.finished = true;
            onReport(event.report);
            setStage('done');
          } else {
            ended.finished = true;
            setProblem(`${event.error.message}${event.error.hint === undefined ? '' : ` ${event.error.hint}`}`);
            setStage('failed');
          }
        },
      });
      if (!ended.finished) {
        const skipped =
          ended.invalidLines === 0 ? '' : ` ${ended.invalidLines} lines of its answer were not valid events.`;
        setProblem(`The exercise ended without a report.${skipped}`);
        setStage('failed');
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setStage('failed');
    }
  };

  return (
    <section data-testid="exercise" aria-label="Exercise in a sandbox" className="space-y-2 text-sm">
      {stage === 'idle' || stage === 'done' || stage === 'failed' ? (
        <button
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
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="exercise-dialog-title"
          data-testid="exercise-dialog"
          className="rounded-lg p-4 ring-1 ring-slate-300 dark:ring-slate-700"
        >
          <h3 id="exercise-dialog-title" className="font-semibold">
            Call {plan.tools.length} tools in a sandbox?
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
                setMode(event.target.value === 'all' ? 'all' : 'checkable');
              }}
              className="rounded border px-1"
            >
              <option value="checkable">those whose hints claim something checkable</option>
              <option value="all">every tool</option>
            </select>
          </label>
          <ul data-testid="exercise-tools" className="mt-2 max-h-48 list-disc overflow-auto pl-5">
            {plan.tools.map((tool) => (
              <li key={tool.name} data-testid="exercise-tool">
                <VisibleText text={tool.name} />
                {tool.rounds > 1 ? ' (twice: idempotent)' : ''}
                <span className={MUTED}> · checks {tool.claims.join(', ') || 'nothing (observed only)'}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              data-testid="exercise-confirm"
              disabled={plan.tools.length === 0}
              onClick={() => void confirm()}
              className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-600 disabled:opacity-50"
            >
              Call these tools
            </button>
            <button
              type="button"
              onClick={() => {
                setStage('idle');
              }}
              className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 dark:ring-slate-700"
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {calls.length > 0 || stage === 'running' ? (
        <ol data-testid="exercise-progress" aria-live="polite" className="space-y-0.5 text-xs">
          {stage === 'running' && calls.length === 0 ? <li>Starting the sandbox and auditing…</li> : null}
          {calls.map((call) => (
            <li key={call.index} data-testid="exercise-call" data-outcome={call.outcome ?? 'running'}>
              [{call.index + 1}/{call.total}] <VisibleText text={call.tool} />
              {call.round > 1 ? ' (repeat)' : ''}: {call.outcome ?? 'calling…'}
              {call.durationMs === undefined ? '' : `, ${call.durationMs} ms`}
            </li>
          ))}
          {stage === 'running' ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  controller.current?.abort();
                  setStage('failed');
                  setProblem('You cancelled the exercise; the sandboxed server was stopped.');
                }}
                className="underline"
              >
                Cancel
              </button>
            </li>
          ) : null}
        </ol>
      ) : null}
      {problem !== null ? (
        <p role="alert" data-testid="exercise-problem" className="text-red-800 dark:text-red-300">
          <VisibleText text={problem} />
        </p>
      ) : null}
    </section>
  );
}
