'use client';

/**
 * One audit run of the dashboard, from request to result: POST /api/audit streamed (live progress,
 * Cancel), the report or the problems, and a saved report shown like a finished run. One run at a
 * time: starting another cancels the one before. The page composes it with the forms and the views
 * (components/dashboard.tsx).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditProgress, AuditRequest } from '@/lib/core/audit-request';
import { ProblemError } from '@/lib/core/problems';
import type { Report } from '@/lib/core/report';
import type { RunStatus } from '@/components/audit/audit-progress';
import { streamAudit } from '@/components/audit/audit-stream';
import type { ShownProblem } from '@/components/ui/problem-list';

export interface Run {
  id: number;
  /** The hosted URL audited (trimmed), or null for a local command. */
  url: string | null;
  status: RunStatus;
  events: AuditProgress[];
  startedAt: number;
  finishedAt: number | null;
  report: Report | null;
  problems: ShownProblem[];
  /** The file name of a saved report opened from disk (no audit ran). */
  source?: string;
  /** What was computed for a saved report written by an earlier build (lib/core/report-upgrade.ts). */
  sourceNotes?: string[];
  /** The request of a local audit: what an exercise in the sandbox starts again (components/exercise). */
  request?: AuditRequest;
}

/** The progress log: each step once, the latest page replacing the previous page line. */
function appendProgress(events: AuditProgress[], event: AuditProgress): AuditProgress[] {
  const last = events.at(-1);
  if (event.step === 'page' && last?.step === 'page') return [...events.slice(0, -1), event];
  return [...events, event];
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface AuditRun {
  run: Run | null;
  /** Runs one audit, local or hosted: one request, one Report (a hosted one carries its OAuth check). */
  start: (request: AuditRequest) => void;
  cancel: () => void;
  /** A report saved earlier, shown like a finished audit, with what was computed to read it. */
  showSaved: (saved: Report, fileName: string, notes: string[]) => void;
  replaceReport: (report: Report) => void;
}

/** `onStarted` runs when an audit has begun (the page scrolls to it and clears a form's refusal). */
export function useAuditRun(onStarted: () => void = () => undefined): AuditRun {
  const [run, setRun] = useState<Run | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const runCounter = useRef(0);
  const onStartedRef = useRef(onStarted);
  useEffect(() => {
    onStartedRef.current = onStarted;
  });

  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const start = useCallback((request: AuditRequest) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const id = ++runCounter.current;
    const update = (change: (run: Run) => Run): void => {
      setRun((current) => (current?.id === id ? change(current) : current));
    };
    setRun({
      id,
      url: request.transport === 'stdio' ? null : request.url,
      ...(request.transport === 'stdio' ? { request } : {}),
      status: 'running',
      events: [],
      startedAt: Date.now(),
      finishedAt: null,
      report: null,
      problems: [],
    });
    onStartedRef.current();

    let terminal = false;
    let invalidLines = 0;
    streamAudit(request, controller.signal, {
      onEvent: (event) => {
        if (event.type === 'progress') {
          update((r) => ({ ...r, events: appendProgress(r.events, event) }));
        } else if (event.type === 'report') {
          terminal = true;
          update((r) => ({ ...r, report: event.report }));
        } else {
          terminal = true;
          update((r) => ({ ...r, problems: [...r.problems, { ...event.error, level: 'error' }] }));
        }
      },
      onInvalidLine: () => {
        invalidLines += 1;
      },
    }).then(
      () => {
        update((r) => {
          const problems = [...r.problems];
          if (invalidLines > 0) {
            problems.push({
              level: 'warning',
              code: 'bad-answer',
              message: `${invalidLines} ${invalidLines === 1 ? 'line' : 'lines'} of the answer ${invalidLines === 1 ? 'was' : 'were'} not a valid audit event and ${invalidLines === 1 ? 'was' : 'were'} skipped.`,
              hint: 'The page and the dashboard server may be from different builds: reload the page.',
            });
          }
          if (!terminal) {
            problems.push({
              level: 'error',
              code: 'stream-ended',
              message: 'The answer ended before the audit report arrived.',
              hint: 'The dashboard server may have stopped or restarted: check its terminal, then run the audit again.',
            });
          }
          return { ...r, problems, status: r.report !== null ? 'done' : 'failed', finishedAt: Date.now() };
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) {
          update((r) => ({
            ...r,
            status: 'cancelled',
            finishedAt: Date.now(),
            problems: [
              ...r.problems,
              {
                level: 'notice',
                code: 'cancelled',
                message: 'You cancelled the audit. Closing the request stops the audited server.',
                hint: 'Run it again when you are ready.',
              },
            ],
          }));
          return;
        }
        const problem =
          error instanceof ProblemError
            ? error.toProblem()
            : {
                code: 'network' as const,
                message: `The dashboard server could not be reached (${errorText(error)}).`,
                hint: 'Check that the dashboard is still running in its terminal, then reload this page and try again.',
              };
        update((r) => ({
          ...r,
          status: 'failed',
          finishedAt: Date.now(),
          problems: [...r.problems, { ...problem, level: 'error' }],
        }));
      },
    );
  }, []);

  const cancel = useCallback((): void => {
    controllerRef.current?.abort();
  }, []);

  const showSaved = useCallback((saved: Report, fileName: string, notes: string[]): void => {
    controllerRef.current?.abort();
    const now = Date.now();
    setRun({
      id: ++runCounter.current,
      url: null,
      status: 'done',
      events: [],
      startedAt: now,
      finishedAt: now,
      report: saved,
      problems: [],
      source: fileName,
      sourceNotes: notes,
    });
  }, []);

  /** The exercised report replaces the audited one (the same server, now with its behaviour). */
  const replaceReport = useCallback((report: Report) => {
    setRun((current) => (current === null ? current : { ...current, report }));
  }, []);

  return { run, start, cancel, showSaved, replaceReport };
}
