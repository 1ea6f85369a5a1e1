'use client';

/**
 * The dashboard: the target forms, one audit at a time streamed from POST /api/audit with live
 * progress and Cancel, and the report. A hosted URL is one request too: the server checks who
 * guards it and lists its tools in the same audit, and the Report carries both (as the CLI's
 * does). When the listing fails for want of authorization, the OAuth panel says what to add.
 * Everything typed stays in React state: never in storage, never in the URL.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { listToolsGate } from '@/lib/core/oauth/list-tools-gate';
import { auditOutcome, type Report } from '@/lib/core/report';
import { AuditProgressPanel } from '@/components/audit/audit-progress';
import { useAuditRun } from '@/components/audit/use-audit-run';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { KeyValueRow } from '@/components/ui/key-value-rows';
import { ListToolsAction } from '@/components/oauth/list-tools-action';
import { OAuthPanel } from '@/components/oauth/oauth-panel';
import { SignInAction } from '@/components/oauth/sign-in-action';
import { ProblemList, type ShownProblem } from '@/components/ui/problem-list';
import { ReportView } from '@/components/report/report-view';
import { ExerciseAction } from '@/components/exercise/exercise-action';
import { HostedTargetForm } from '@/components/audit/hosted-target-form';
import { LocalTargetForm } from '@/components/audit/local-target-form';
import { AuditFailure } from '@/components/audit/audit-failure';
import { OpenSavedReport } from '@/components/report/open-saved-report';
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

const EMPTY_LOCAL: LocalTarget = { mode: 'line', line: '', program: '', args: '', cwd: '', env: [] };
const EMPTY_HOSTED: HostedTarget = { url: '', transport: 'auto', headers: [] };

export function Dashboard({ demo }: { demo: DemoCommand }) {
  const [local, setLocal] = useState<LocalTarget>(EMPTY_LOCAL);
  const [hosted, setHosted] = useState<HostedTarget>(EMPTY_HOSTED);
  const [formProblem, setFormProblem] = useState<ShownProblem | null>(null);
  const rowCounter = useRef(0);
  const statusRef = useRef<HTMLDivElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const runRef = useRef<HTMLDivElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);

  const { run, start, cancel, showSaved, replaceReport } = useAuditRun(() => {
    setFormProblem(null);
    requestAnimationFrame(() => {
      runRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });
  });

  const newRow = useCallback((): KeyValueRow => ({ id: ++rowCounter.current, name: '', value: '' }), []);

  const startBuilt = (built: BuildResult): void => {
    if (!built.ok) setFormProblem({ ...built.problem, level: 'error' });
    else start(built.request);
  };

  const runHosted = (): void => {
    startBuilt(buildHostedRequest(hosted));
  };

  /** Audits the same URL again, with the form's current transport and headers (after adding one). */
  const auditAgain = (): void => {
    if (run?.url != null) startBuilt(buildHostedRequest({ ...hosted, url: run.url }));
  };

  /** Lists the checked URL's tools with a sign-in's token (the server adds it; the page holds a handle). */
  const listSignedIn = (handle: string): void => {
    if (run?.url == null) return;
    const built = buildHostedRequest({ ...hosted, url: run.url });
    if (!built.ok) setFormProblem({ ...built.problem, level: 'error' });
    else if (built.request.transport !== 'stdio') start({ ...built.request, signIn: handle });
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
    startBuilt(buildLocalRequest(next));
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
  const openSaved = (saved: Report, fileName: string, notes: string[]): void => {
    setFormProblem(null);
    showSaved(saved, fileName, notes);
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

  const running = run?.status === 'running';
  const report = run?.report ?? null;
  const failed = report !== null && auditOutcome(report) === 'failed';

  // The URL a sign-in is offered for: set by a report of a protected server, cleared by a report of
  // another target; unchanged while an audit runs (so a sign-in in progress is not torn down).
  const [signInUrl, setSignInUrl] = useState<string | null>(null);
  const reportUrl = run?.url ?? null;
  const reportProtected = report?.oauth?.protectedResource.used === true;
  useEffect(() => {
    if (report === null) return;
    if (reportUrl !== null && reportProtected) setSignInUrl(reportUrl);
    else setSignInUrl((current) => (current === reportUrl ? current : null));
  }, [report, reportUrl, reportProtected]);
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

  // A hosted audit whose listing failed: what the OAuth check says to add before auditing again.
  const listAction =
    run?.url != null && report?.oauth != null && report.errors.length > 0 ? (
      <ListToolsAction
        gate={listToolsGate(report.oauth, hosted.headers)}
        running={running}
        onRun={auditAgain}
        onAddAuthorization={addAuthorization}
        staleUrl={hosted.url.trim() !== run.url}
        listed={report.tools.length > 0}
      />
    ) : null;
  // A protected server (its resource metadata was usable): sign in on its authorization server, then list.
  // Kept outside the report (which is remade by every audit) so a sign-in outlives the audits it serves.
  const signInAction =
    signInUrl !== null ? (
      <SignInAction
        key={signInUrl}
        url={signInUrl}
        running={running}
        facts={report?.signIn ?? null}
        toolCount={report?.signIn === undefined ? null : report.summary.tools}
        onSignedIn={listSignedIn}
        onSignedOut={() => undefined}
      />
    ) : null;
  const oauthAction = listAction;

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
            startBuilt(buildLocalRequest(local));
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
      </div>

      <div ref={runRef} data-print="hide" className="scroll-mt-4 space-y-3">
        {run !== null && run.source === undefined ? (
          <>
            <AuditProgressPanel
              status={run.status}
              events={run.events}
              startedAt={run.startedAt}
              finishedAt={run.finishedAt}
              reportErrors={run.report?.errors.length ?? 0}
              cancelling={run.cancelling === true}
              onCancel={cancel}
            />
            <ProblemList problems={run.problems} onAddEnv={addEnv} />
          </>
        ) : null}
      </div>

      {signInAction !== null ? <div data-print="hide">{signInAction}</div> : null}

      {run !== null && report !== null ? (
        <div ref={reportRef} id="results" className="scroll-mt-4">
          <ErrorBoundary key={run.id} what="the report">
            {failed ? (
              <div className="space-y-6">
                <AuditFailure ref={resultHeadingRef} report={report} onAddEnv={addEnv} />
                {/* A hosted server that refused the listing: who guards it is what was learned. */}
                {report.oauth != null ? (
                  <ErrorBoundary what="the authorization check">
                    <OAuthPanel
                      oauth={report.oauth}
                      date={report.generatedAt}
                      jsonExport
                      action={oauthAction}
                      headingId="failure-oauth-panel-heading"
                    />
                  </ErrorBoundary>
                ) : null}
              </div>
            ) : (
              <ReportView
                key={run.id}
                ref={resultHeadingRef}
                report={report}
                oauthAction={oauthAction}
                {...(run.request?.transport === 'stdio'
                  ? {
                      exerciseAction: <ExerciseAction report={report} request={run.request} onReport={replaceReport} />,
                    }
                  : {})}
                {...(run.source === undefined ? {} : { source: run.source, sourceNotes: run.sourceNotes ?? [] })}
              />
            )}
          </ErrorBoundary>
        </div>
      ) : run === null ? (
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
