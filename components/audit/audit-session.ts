/**
 * One audit run of the dashboard outside React: its POST /api/audit stream, what each event changes in
 * the shown run, how the stream ended, and Cancel. Cancel asks the dashboard to end the run and keeps
 * reading until it says how the server ended (cancel-notice.ts); if it does not within
 * CANCEL_CONFIRM_MS, the request is closed instead. use-audit-run.ts makes one per run.
 */
import type { AuditEvent, AuditProgress, AuditRequest } from '@/lib/core/api/audit-request';
import { ProblemError, type Problem } from '@/lib/core/problems';
import type { Report } from '@/lib/core/report/report';
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
  /** The request of a local audit: what an exercise in the sandbox starts again (components/exercise). */
  request?: AuditRequest;
  /** Cancel was pressed; the dashboard has not yet said how the server ended. */
  cancelling?: boolean;
}

/** Changes the shown run, if it is still this session's run. */
export type RunUpdate = (change: (run: Run) => Run) => void;

type Stopped = Extract<AuditProgress, { step: 'stopped' }>;

/** How long Cancel waits for the dashboard to confirm the end before closing the request. */
const CANCEL_CONFIRM_MS = 5000;

/** The progress log: each step once, the latest page replacing the previous page line. */
function appendProgress(events: AuditProgress[], event: AuditProgress): AuditProgress[] {
  const last = events.at(-1);
  if (event.step === 'page' && last?.step === 'page') return [...events.slice(0, -1), event];
  return [...events, event];
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The run shown as an audit starts. */
export function startingRun(id: number, request: AuditRequest): Run {
  return {
    id,
    url: request.transport === 'stdio' ? null : request.url,
    ...(request.transport === 'stdio' ? { request } : {}),
    status: 'running',
    events: [],
    startedAt: Date.now(),
    finishedAt: null,
    report: null,
    problems: [],
  };
}

/** What a stream that ended adds: lines skipped, and no report or error at all (`terminal` false). */
function endProblems(invalidLines: number, terminal: boolean): ShownProblem[] {
  const problems: ShownProblem[] = [];
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
  return problems;
}

/** The problem of a request that failed without being closed: the HTTP answer's, or the network's. */
function failureProblem(error: unknown): Problem {
  return error instanceof ProblemError
    ? error.toProblem()
    : {
        code: 'network' as const,
        message: `The dashboard server could not be reached (${errorText(error)}).`,
        hint: 'Check that the dashboard is still running in its terminal, then reload this page and try again.',
      };
}

export class AuditSession {
  readonly controller = new AbortController();
  /** The run's id on the dashboard, once it has accepted the request. */
  private runId: string | null = null;
  private cancelRequested = false;
  /** The report or an error event arrived. */
  private terminal = false;
  private invalidLines = 0;
  private stopped: Stopped | null = null;
  private fallback: number | undefined;
  /** A report that the cancel came too late to stop: shown as a finished audit. */
  private finishedFirst = false;
  private cancelShown = false;
  private readonly request: AuditRequest;
  private readonly update: RunUpdate;

  constructor(request: AuditRequest, update: RunUpdate) {
    this.request = request;
    this.update = update;
  }

  /** Streams the audit into the run until it ends. */
  start(): void {
    streamAudit(this.request, this.controller.signal, {
      onEvent: (event) => {
        this.onEvent(event);
      },
      onInvalidLine: () => {
        this.invalidLines += 1;
      },
    }).then(
      () => {
        this.onEnded();
      },
      (error: unknown) => {
        this.onFailed(error);
      },
    );
  }

  /** Closes the request (another run started, or the page went away). */
  abort(): void {
    this.controller.abort();
  }

  cancel(): void {
    if (this.cancelRequested) return;
    this.cancelRequested = true;
    this.update((r) => ({ ...r, cancelling: true }));
    this.fallback = window.setTimeout(() => {
      this.controller.abort();
    }, CANCEL_CONFIRM_MS);
    // Before the dashboard has named the run, the cancel goes out as soon as it does.
    this.requestCancel();
  }

  private requestCancel(): void {
    const runId = this.runId;
    if (runId === null) return;
    void cancelAudit(runId).then((accepted) => {
      // Refused or unreachable: closing the request is the other way to end the server.
      if (!accepted && !this.terminal) this.controller.abort();
    });
  }

  private finishCancelled(streamEnded: boolean): void {
    window.clearTimeout(this.fallback);
    if (this.cancelShown) return;
    this.cancelShown = true;
    const notice = cancelNotice({ stopped: this.stopped, streamEnded, local: this.request.transport === 'stdio' });
    this.update((r) => ({
      ...r,
      status: 'cancelled',
      cancelling: false,
      report: null,
      finishedAt: Date.now(),
      problems: [...r.problems.filter((problem) => problem.code !== 'cancelled'), notice],
    }));
  }

  private onEvent(event: AuditEvent): void {
    // The cancel is settled: what the stream still carries (the report of what was read) is dropped.
    if (this.cancelShown) return;
    if (event.type === 'progress') {
      this.onProgress(event);
    } else if (event.type === 'report') {
      this.terminal = true;
      this.finishedFirst = !event.report.errors.some((problem) => problem.code === 'cancelled');
      this.update((r) => ({ ...r, report: event.report }));
      announceAudit(event.report);
    } else {
      this.terminal = true;
      this.update((r) => ({ ...r, problems: [...r.problems, { ...event.error, level: 'error' }] }));
    }
  }

  private onProgress(event: AuditProgress): void {
    if (event.step === 'accepted') {
      this.runId = event.runId;
      if (this.cancelRequested) this.requestCancel();
      return;
    }
    this.update((r) => ({ ...r, events: appendProgress(r.events, event) }));
    if (event.step !== 'stopped') return;
    this.stopped = event;
    // Cancelled: the server's end is what the page waits for, not the report of what was read.
    if (this.cancelRequested) {
      this.finishCancelled(true);
      this.controller.abort();
    }
  }

  private onEnded(): void {
    window.clearTimeout(this.fallback);
    if (this.cancelRequested && !this.finishedFirst) {
      this.finishCancelled(true);
      return;
    }
    const added = endProblems(this.invalidLines, this.terminal);
    this.update((r) => ({
      ...r,
      problems: [...r.problems, ...added],
      status: r.report !== null ? 'done' : 'failed',
      finishedAt: Date.now(),
    }));
  }

  private onFailed(error: unknown): void {
    if (this.controller.signal.aborted) {
      this.finishCancelled(false);
      return;
    }
    const problem = failureProblem(error);
    this.update((r) => ({
      ...r,
      status: 'failed',
      finishedAt: Date.now(),
      problems: [...r.problems, { ...problem, level: 'error' }],
    }));
  }
}
