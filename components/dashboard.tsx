'use client';

/**
 * The dashboard: the target forms, one audit at a time streamed from POST /api/audit with live
 * progress and Cancel, and the report. A hosted URL is first checked for who guards it (POST
 * /api/oauth-check); its tools are listed on request, when the server answers without
 * authorization or the user gave a header. Everything typed stays in React state: never in
 * storage, never in the URL (the URL holds only the table's view). An audit that failed before
 * listing shows what was learned, not a report; a report saved earlier can be opened from disk.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditProgress, AuditRequest } from '@/lib/core/audit-request';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { auditOutcome, type Report } from '@/lib/core/report';
import { AuditProgressPanel, type RunStatus } from '@/components/audit/audit-progress';
import { AuditRequestError, streamAudit } from '@/components/audit/audit-stream';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { KeyValueRow } from '@/components/ui/key-value-rows';
import { requestOAuthCheck } from '@/components/oauth/oauth-check';
import { listToolsGate } from '@/lib/core/oauth/list-tools-gate';
import { ListToolsAction } from '@/components/oauth/list-tools-action';
import { OAuthPanel } from '@/components/oauth/oauth-panel';
import { OAuthProgress } from '@/components/oauth/oauth-progress';
import { ProblemList, type ShownProblem } from '@/components/ui/problem-list';
import { ReportView } from '@/components/report/report-view';
import { OpenSavedReport } from '@/components/report/open-saved-report';
import { AuditFailure } from '@/components/audit/audit-failure';
import { HostedTargetForm, LocalTargetForm } from '@/components/audit/target-form';
import {
  buildHostedRequest,
  buildLocalRequest,
  joinCommandLine,
  type BuildResult,
  type HostedTarget,
  type LocalTarget,
} from '@/components/audit/target-request';
import { BUTTON, MUTED } from '@/components/ui/styles';

export interface DemoCommand {
  command: string;
  args: string[];
}

interface Run {
  id: number;
  status: RunStatus;
  events: AuditProgress[];
  startedAt: number;
  finishedAt: number | null;
  report: Report | null;
  problems: ShownProblem[];
  /** The file name of a saved report opened from disk (no audit ran). */
  source?: string;
}

/** The OAuth check of a hosted URL, the first step of auditing one. */
interface Check {
  id: number;
  /** The URL as typed (trimmed): what List tools audits. */
  url: string;
  status: RunStatus;
  startedAt: number;
  finishedAt: number | null;
  report: OAuthReport | null;
  problems: ShownProblem[];
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

const EMPTY_LOCAL: LocalTarget = { mode: 'line', line: '', program: '', args: '', cwd: '', env: [] };
const EMPTY_HOSTED: HostedTarget = { url: '', transport: 'auto', headers: [] };

export function Dashboard({ demo }: { demo: DemoCommand }) {
  const [local, setLocal] = useState<LocalTarget>(EMPTY_LOCAL);
  const [hosted, setHosted] = useState<HostedTarget>(EMPTY_HOSTED);
  const [formProblem, setFormProblem] = useState<ShownProblem | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const checkControllerRef = useRef<AbortController | null>(null);
  const runCounter = useRef(0);
  const rowCounter = useRef(0);
  const statusRef = useRef<HTMLDivElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const oauthRef = useRef<HTMLDivElement>(null);
  const runRef = useRef<HTMLDivElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);

  const newRow = useCallback((): KeyValueRow => ({ id: ++rowCounter.current, name: '', value: '' }), []);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      checkControllerRef.current?.abort();
    },
    [],
  );

  /** Runs one audit. `oauth`: the check of the same URL, attached to the report for display and export. */
  const start = useCallback((request: AuditRequest, oauth: OAuthReport | null = null) => {
    controllerRef.current?.abort();
    checkControllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const id = ++runCounter.current;
    const update = (change: (run: Run) => Run): void => {
      setRun((current) => (current?.id === id ? change(current) : current));
    };
    setFormProblem(null);
    setRun({ id, status: 'running', events: [], startedAt: Date.now(), finishedAt: null, report: null, problems: [] });
    requestAnimationFrame(() => {
      runRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });

    let terminal = false;
    let invalidLines = 0;
    streamAudit(request, controller.signal, {
      onEvent: (event) => {
        if (event.type === 'progress') {
          update((r) => ({ ...r, events: appendProgress(r.events, event) }));
        } else if (event.type === 'report') {
          terminal = true;
          const report = oauth === null ? event.report : { ...event.report, oauth };
          update((r) => ({ ...r, report }));
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
              code: 'bad-event',
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
          error instanceof AuditRequestError
            ? error.problem
            : {
                code: 'network',
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

  /** The first step for a hosted URL: who guards it. Replaces any earlier audit. */
  const startCheck = useCallback((url: string) => {
    controllerRef.current?.abort();
    checkControllerRef.current?.abort();
    const controller = new AbortController();
    checkControllerRef.current = controller;
    const id = ++runCounter.current;
    const update = (change: (check: Check) => Check): void => {
      setCheck((current) => (current?.id === id ? change(current) : current));
    };
    setFormProblem(null);
    setRun(null);
    setCheck({ id, url, status: 'running', startedAt: Date.now(), finishedAt: null, report: null, problems: [] });
    requestAnimationFrame(() => {
      statusRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });
    requestOAuthCheck(url, controller.signal).then(
      (report) => {
        update((c) => ({ ...c, status: 'done', finishedAt: Date.now(), report }));
      },
      (error: unknown) => {
        const problem: ShownProblem = controller.signal.aborted
          ? {
              level: 'notice',
              code: 'cancelled',
              message: 'You cancelled the authorization check.',
              hint: 'Press Audit URL to check it again.',
            }
          : error instanceof AuditRequestError
            ? { ...error.problem, level: 'error' }
            : {
                level: 'error',
                code: 'network',
                message: `The dashboard server could not be reached (${errorText(error)}).`,
                hint: 'Check that the dashboard is still running in its terminal, then reload this page and try again.',
              };
        update((c) => ({
          ...c,
          status: controller.signal.aborted ? 'cancelled' : 'failed',
          finishedAt: Date.now(),
          problems: [...c.problems, problem],
        }));
      },
    );
  }, []);

  /** A local audit: the OAuth check belongs to a hosted URL, so it goes. */
  const startLocal = (built: BuildResult): void => {
    if (!built.ok) {
      setFormProblem({ ...built.problem, level: 'error' });
      return;
    }
    setCheck(null);
    start(built.request);
  };

  const runHosted = (): void => {
    const built = buildHostedRequest(hosted);
    if (!built.ok) setFormProblem({ ...built.problem, level: 'error' });
    else if (built.request.transport !== 'stdio') startCheck(built.request.url);
  };

  /** Lists the checked URL's tools, with the form's current transport and headers. */
  const listTools = (): void => {
    if (check === null) return;
    const built = buildHostedRequest({ ...hosted, url: check.url });
    if (!built.ok) setFormProblem({ ...built.problem, level: 'error' });
    else start(built.request, check.report);
  };

  /** Adds an Authorization row to the form and puts the cursor in its value. */
  const addAuthorization = (): void => {
    const index = hosted.headers.length;
    setHosted({ ...hosted, headers: [...hosted.headers, { ...newRow(), name: 'Authorization' }] });
    requestAnimationFrame(() => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="header-value-${index}"]`);
      input?.focus();
      input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  const runDemo = (): void => {
    const next: LocalTarget = { ...local, mode: 'line', line: joinCommandLine([demo.command, ...demo.args]) };
    setLocal(next);
    startLocal(buildLocalRequest(next));
  };

  const cancel = (): void => {
    controllerRef.current?.abort();
  };

  /** Adds an environment variable row the server said it needs, and puts the cursor in its value. */
  const addEnv = (name: string): void => {
    const index = local.env.findIndex((row) => row.name.trim() === name);
    const target = index === -1 ? local.env.length : index;
    if (index === -1) setLocal({ ...local, env: [...local.env, { ...newRow(), name }] });
    requestAnimationFrame(() => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="env-value-${target}"]`);
      input?.focus();
      input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  /** A report saved earlier, shown like a finished audit. */
  const openSaved = (saved: Report, fileName: string): void => {
    controllerRef.current?.abort();
    checkControllerRef.current?.abort();
    setCheck(null);
    setFormProblem(null);
    const now = Date.now();
    setRun({
      id: ++runCounter.current,
      status: 'done',
      events: [],
      startedAt: now,
      finishedAt: now,
      report: saved,
      problems: [],
      source: fileName,
    });
  };

  /** Any edit of a form clears the refusal it may have caused. */
  const editLocal = (value: LocalTarget): void => {
    setLocal(value);
    setFormProblem(null);
  };
  const editHosted = (value: HostedTarget): void => {
    setHosted(value);
    setFormProblem(null);
  };

  const cancelCheck = (): void => {
    checkControllerRef.current?.abort();
  };

  const running = run?.status === 'running' || check?.status === 'running';
  const report = run?.report ?? null;
  const oauth = check?.report ?? null;
  const showCheckAction = check !== null && (check.status === 'done' || check.status === 'failed');
  const failed = report !== null && auditOutcome(report) === 'failed';
  const runStatus = run?.status ?? null;

  // When an audit ends, focus moves to its result (the report or the failure), or to its problems.
  useEffect(() => {
    if (runStatus === null || runStatus === 'running') return;
    requestAnimationFrame(() => {
      const target = resultHeadingRef.current ?? document.querySelector<HTMLElement>('[data-testid="audit-progress"]');
      target?.focus({ preventScroll: true });
    });
  }, [runStatus, run?.id]);

  // Bring a new report into view: the forms fill the first screen.
  useEffect(() => {
    if (report !== null) reportRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [report]);

  useEffect(() => {
    if (oauth !== null) oauthRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [oauth]);

  const listAction = showCheckAction ? (
    <ListToolsAction
      gate={listToolsGate(oauth, hosted.headers)}
      running={running}
      onRun={listTools}
      onAddAuthorization={addAuthorization}
      staleUrl={hosted.url.trim() !== check.url}
      listed={report !== null}
    />
  ) : null;

  return (
    <div className="space-y-6">
      <div
        data-print="hide"
        className="flex flex-col gap-4 rounded-xl bg-sky-50 px-4 py-4 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center sm:justify-between sm:px-5 dark:bg-sky-950/40 dark:ring-sky-900"
      >
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-slate-50">New here? Start with the bundled demo server.</p>
          <p className={`mt-0.5 text-sm ${MUTED}`}>
            A fictional community platform whose 16 tools cover every case the audit explains. Nothing it does leaves
            this machine.
          </p>
        </div>
        <button type="button" data-testid="run-demo" className={BUTTON.accent} disabled={running} onClick={runDemo}>
          Try the bundled demo server
        </button>
      </div>

      <div data-print="hide" className="flex justify-end">
        <OpenSavedReport onOpen={openSaved} />
      </div>

      <div data-print="hide" className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <LocalTargetForm
          invalidField={formProblem?.field}
          value={local}
          onChange={editLocal}
          onRun={() => {
            startLocal(buildLocalRequest(local));
          }}
          running={running}
          newRow={newRow}
        />
        <HostedTargetForm
          invalidField={formProblem?.field}
          value={hosted}
          onChange={editHosted}
          onRun={runHosted}
          running={running}
          newRow={newRow}
        />
      </div>

      <div ref={statusRef} data-print="hide" className="scroll-mt-4 space-y-3">
        {formProblem !== null ? <ProblemList problems={[formProblem]} /> : null}
        {check !== null ? (
          <>
            <OAuthProgress
              status={check.status}
              url={check.url}
              startedAt={check.startedAt}
              finishedAt={check.finishedAt}
              onCancel={cancelCheck}
            />
            <ProblemList problems={check.problems} />
            {oauth === null ? listAction : null}
          </>
        ) : null}
      </div>

      {check !== null && oauth !== null ? (
        <div ref={oauthRef} className="scroll-mt-4">
          <ErrorBoundary key={check.id} what="the authorization check">
            <OAuthPanel
              oauth={oauth}
              date={new Date(check.finishedAt ?? check.startedAt).toISOString()}
              jsonExport={report === null}
              action={listAction}
            />
          </ErrorBoundary>
        </div>
      ) : null}

      <div ref={runRef} data-print="hide" className="scroll-mt-4 space-y-3">
        {run !== null && run.source === undefined ? (
          <>
            <AuditProgressPanel
              status={run.status}
              events={run.events}
              startedAt={run.startedAt}
              finishedAt={run.finishedAt}
              reportErrors={run.report?.errors.length ?? 0}
              onCancel={cancel}
            />
            <ProblemList problems={run.problems} onAddEnv={addEnv} />
          </>
        ) : null}
      </div>

      {run !== null && report !== null ? (
        <div ref={reportRef} id="results" className="scroll-mt-4">
          <ErrorBoundary key={run.id} what="the report">
            {failed ? (
              <AuditFailure ref={resultHeadingRef} report={report} onAddEnv={addEnv} />
            ) : (
              <ReportView
                key={run.id}
                ref={resultHeadingRef}
                report={report}
                oauthShownAbove={oauth !== null}
                {...(run.source === undefined ? {} : { source: run.source })}
              />
            )}
          </ErrorBoundary>
        </div>
      ) : run === null && check === null ? (
        <p
          className={`rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center text-sm dark:border-slate-700 ${MUTED}`}
        >
          Name a server above, or try the demo. You will see every tool it lists, its annotations as sent, what they
          mean once the spec defaults apply, and what they do not tell you.
        </p>
      ) : null}
    </div>
  );
}
