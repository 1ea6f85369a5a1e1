'use client';

/**
 * One audit run of the dashboard, from request to result: POST /api/audit streamed (live progress,
 * Cancel), the report or the problems, and a saved report shown like a finished run. One run at a
 * time: starting another cancels the one before. Cancel asks the dashboard to end the run and keeps
 * reading until it says how the server ended (cancel-notice.ts); if it does not within
 * CANCEL_CONFIRM_MS, the request is closed instead. The page composes it with the forms and the
 * views (components/dashboard.tsx).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditProgress, AuditRequest } from '@/lib/core/audit-request';
import { ProblemError } from '@/lib/core/problems';
import type { Report } from '@/lib/core/report';
import type { RunStatus } from '@/components/audit/audit-progress';
import { cancelAudit, streamAudit } from '@/components/audit/audit-stream';
import { cancelNotice } from '@/components/audit/cancel-notice';
import { announceAudit } from '@/components/history/audit-saved';
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
  /** Cancel was pressed; the dashboard has not yet said how the server ended. */
  cancelling?: boolean;
}

/** How long Cancel waits for the dashboard to confirm the end before closing the request. */
const CANCEL_CONFIRM_MS = 5000;

/** The live side of a run: its controller, its id on the dashboard, and Cancel's state. */
interface Live {
  controller: AbortController;
  runId: string | null;
  cancelRequested: boolean;
  requestCancel: () => void;
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
  /** No run shown (a saved file of another kind is). */
  clear: () => void;
}

/** `onStarted` runs when an audit has begun (the page scrolls to it and clears a form's refusal). */
export function useAuditRun(onStarted: () => void = () => undefined): AuditRun {
  const [run, setRun] = useState<Run | null>(null);
  const liveRef = useRef<Live | null>(null);
  const runCounter = useRef(0);
  const cancelRef = useRef<() => void>(() => undefined);
  const onStartedRef = useRef(onStarted);
  useEffect(() => {
    onStartedRef.current = onStarted;
  });

  useEffect(
    () => () => {
      liveRef.current?.controller.abort();
    },
    [],
  );

  const start = useCallback((request: AuditRequest) => {
    liveRef.current?.controller.abort();
    const controller = new AbortController();
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
    let stopped: Extract<AuditProgress, { step: 'stopped' }> | null = null;
    let fallback: number | undefined;
    /** A report that the cancel came too late to stop: shown as a finished audit. */
    let finishedFirst = false;
    const live: Live = {
      controller,
      runId: null,
      cancelRequested: false,
      requestCancel: () => {
        if (live.runId === null) return;
        void cancelAudit(live.runId).then((accepted) => {
          // Refused or unreachable: closing the request is the other way to end the server.
          if (!accepted && !terminal) controller.abort();
        });
      },
    };
    liveRef.current = live;
    let cancelShown = false;
    const finishCancelled = (streamEnded: boolean): void => {
      window.clearTimeout(fallback);
      if (cancelShown) return;
      cancelShown = true;
      const notice = cancelNotice({ stopped, streamEnded, local: request.transport === 'stdio' });
      update((r) => ({
        ...r,
        status: 'cancelled',
        cancelling: false,
        report: null,
        finishedAt: Date.now(),
        problems: [...r.problems.filter((problem) => problem.code !== 'cancelled'), notice],
      }));
    };
    const cancelRun = (): void => {
      if (live.cancelRequested) return;
      live.cancelRequested = true;
      update((r) => ({ ...r, cancelling: true }));
      fallback = window.setTimeout(() => {
        controller.abort();
      }, CANCEL_CONFIRM_MS);
      // Before the dashboard has named the run, the cancel goes out as soon as it does.
      live.requestCancel();
    };
    cancelRef.current = cancelRun;
    streamAudit(request, controller.signal, {
      onEvent: (event) => {
        // The cancel is settled: what the stream still carries (the report of what was read) is dropped.
        if (cancelShown) return;
        if (event.type === 'progress' && event.step === 'accepted') {
          live.runId = event.runId;
          if (live.cancelRequested) live.requestCancel();
        } else if (event.type === 'progress') {
          update((r) => ({ ...r, events: appendProgress(r.events, event) }));
          if (event.step === 'stopped') {
            stopped = event;
            // Cancelled: the server's end is what the page waits for, not the report of what was read.
            if (live.cancelRequested) {
              finishCancelled(true);
              controller.abort();
            }
          }
        } else if (event.type === 'report') {
          terminal = true;
          finishedFirst = !event.report.errors.some((problem) => problem.code === 'cancelled');
          update((r) => ({ ...r, report: event.report }));
          announceAudit(event.report);
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
        window.clearTimeout(fallback);
        if (live.cancelRequested && !finishedFirst) {
          finishCancelled(true);
          return;
        }
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
          finishCancelled(false);
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
    cancelRef.current();
  }, []);

  const showSaved = useCallback((saved: Report, fileName: string, notes: string[]): void => {
    liveRef.current?.controller.abort();
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

  const clear = useCallback((): void => {
    liveRef.current?.controller.abort();
    setRun(null);
  }, []);

  return { run, start, cancel, showSaved, replaceReport, clear };
}
