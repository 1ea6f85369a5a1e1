'use client';

/**
 * The dashboard: the target forms, one audit at a time streamed from POST /api/audit with live
 * progress and Cancel, and the result. A hosted URL is one request too: the server checks who
 * guards it and lists its tools in the same audit, and the Report carries both (as the CLI's
 * does). A server that wants credentials is a state (sign in, or add a header), not a failure.
 * Saved files of every kind the product writes open here too. Everything typed stays in React
 * state: never in storage, never in the URL. The steps live in hooks (forms, run, sign-in offer,
 * saved file); this file composes them.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { signInNeed, type SignInNeed } from '@/lib/core/report/needs-sign-in';
import { listToolsGate } from '@/lib/core/oauth/list-tools-gate';
import { auditOutcome } from '@/lib/core/report/report';
import { joinCommandLine } from '@/lib/core/command-line';
import { AuditProgressPanel } from '@/components/audit/audit-progress';
import { AuditResult } from '@/components/audit/audit-result';
import { HostedTargetForm } from '@/components/audit/hosted-target-form';
import { LocalTargetForm } from '@/components/audit/local-target-form';
import { buildHostedRequest, buildLocalRequest, type BuildResult } from '@/components/audit/target-request';
import type { Run } from '@/components/audit/audit-session';
import { useAuditRun } from '@/components/audit/use-audit-run';
import { useTargetForms } from '@/components/audit/use-target-forms';
import { ListToolsAction } from '@/components/oauth/list-tools-action';
import { NeedsSignIn } from '@/components/oauth/needs-sign-in-view';
import { SignInAction } from '@/components/oauth/sign-in-action';
import { useSignInOffer } from '@/components/oauth/use-sign-in-offer';
import { OpenSavedReport } from '@/components/report/open-saved-report';
import { SavedFileView } from '@/components/report/saved-file-view';
import { useSavedFile } from '@/components/report/use-saved-file';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { ProblemList } from '@/components/ui/problem-list';
import { BUTTON, MUTED } from '@/components/ui/styles';

export interface DemoCommand {
  command: string;
  args: string[];
}

function DemoOffer({ running, onRun }: { running: boolean; onRun: () => void }) {
  return (
    <div
      data-print="hide"
      className="flex flex-col gap-4 rounded-xl bg-sky-50 px-4 py-4 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center sm:justify-between sm:px-5 dark:bg-sky-950/40 dark:ring-sky-900"
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-slate-50">New here? Start with the bundled demo server.</p>
        <p className={`mt-0.5 text-sm ${MUTED}`}>
          A fictional community platform whose 16 tools cover every case the audit explains. Nothing it does leaves this
          machine.
        </p>
      </div>
      <button type="button" data-testid="run-demo" className={BUTTON.accent} disabled={running} onClick={onRun}>
        Try the bundled demo server
      </button>
    </div>
  );
}

/** When an audit ends, focus moves to its result (heading) or its progress; a new report scrolls into view. */
function useResultFocus(
  run: Run | null,
  headingRef: RefObject<HTMLHeadingElement | null>,
  reportRef: RefObject<HTMLDivElement | null>,
) {
  const runStatus = run?.status ?? null;
  const report = run?.report ?? null;
  useEffect(() => {
    if (runStatus === null || runStatus === 'running') return;
    requestAnimationFrame(() => {
      const target = headingRef.current ?? document.querySelector<HTMLElement>('[data-testid="audit-progress"]');
      target?.focus({ preventScroll: true });
    });
  }, [runStatus, run?.id, headingRef]);
  useEffect(() => {
    if (report !== null) reportRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [report, reportRef]);
}

/** Whether the shown run is a failure: it stopped, or it listed nothing (an unreachable URL). */
function runFailed(run: Run): boolean {
  return run.status === 'failed' || (run.report !== null && auditOutcome(run.report) === 'failed');
}

/** The audits a page can start: from a form, the demo, the same URL again, or signed in. */
function useAuditActions(
  demo: DemoCommand,
  forms: ReturnType<typeof useTargetForms>,
  audit: ReturnType<typeof useAuditRun>,
) {
  const { local, hosted, setLocal, setFormProblem } = forms;
  const { run, start } = audit;
  const startBuilt = (built: BuildResult): void => {
    if (built.ok) {
      start(built.request);
      return;
    }
    // A new target was given: the failure of the one before is about another server, so it goes
    // (a report that listed tools stays: a typo should not cost it).
    if (run !== null && run.status !== 'running' && runFailed(run)) audit.clear();
    setFormProblem({ ...built.problem, level: 'error' });
  };
  return {
    runLocal: () => {
      startBuilt(buildLocalRequest(local));
    },
    runHosted: () => {
      startBuilt(buildHostedRequest(hosted));
    },
    runDemo: () => {
      const next = { ...local, mode: 'line' as const, line: joinCommandLine([demo.command, ...demo.args]) };
      setLocal(next);
      startBuilt(buildLocalRequest(next));
    },
    /**
     * The failed sandboxed listing's own request again, on the host (the button says what that
     * consents to, components/audit/audit-on-host.tsx); the form's box is unticked to match.
     */
    auditOnHost: () => {
      if (run?.request?.transport !== 'stdio') return;
      setLocal({ ...local, inSandbox: false });
      start({ ...run.request, sandbox: false });
    },
    /** The same URL again, with the form's current transport and headers (after adding one). */
    auditAgain: () => {
      if (run?.url != null) startBuilt(buildHostedRequest({ ...hosted, url: run.url }));
    },
    /** The checked URL's tools with a sign-in's token (the server adds it; the page holds a handle). */
    listSignedIn: (handle: string) => {
      if (run?.url == null) return;
      const built = buildHostedRequest({ ...hosted, url: run.url });
      if (!built.ok) setFormProblem({ ...built.problem, level: 'error' });
      else if (built.request.transport !== 'stdio') start({ ...built.request, signIn: handle });
    },
  };
}

function EmptyState() {
  return (
    <p
      className={`rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center text-sm dark:border-slate-700 ${MUTED}`}
    >
      Name a server above, or try the demo. You will see every tool it lists, its annotations as sent, what they mean
      once the spec defaults apply, and what they do not tell you.
    </p>
  );
}

type Forms = ReturnType<typeof useTargetForms>;
type Actions = ReturnType<typeof useAuditActions>;

/** The two target forms side by side, and the refusal a form caused. */
function TargetForms({ forms, actions, running }: { forms: Forms; actions: Actions; running: boolean }) {
  return (
    <>
      <div data-print="hide" className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <LocalTargetForm
          invalidField={forms.formProblem?.field}
          value={forms.local}
          onChange={forms.editLocal}
          onRun={actions.runLocal}
          running={running}
          newRow={forms.newRow}
        />
        <HostedTargetForm
          invalidField={forms.formProblem?.field}
          value={forms.hosted}
          onChange={forms.editHosted}
          onRun={actions.runHosted}
          running={running}
          newRow={forms.newRow}
        />
      </div>
      {forms.formProblem !== null ? (
        <div data-print="hide" className="space-y-3">
          <ProblemList problems={[forms.formProblem]} />
        </div>
      ) : null}
    </>
  );
}

/** A live or finished audit's progress and problems (a server that needs sign-in finished without error). */
function RunLog({
  run,
  need,
  onCancel,
  onAddEnv,
}: {
  run: Run;
  need: SignInNeed;
  onCancel: () => void;
  onAddEnv: (name: string) => void;
}) {
  return (
    <>
      <AuditProgressPanel
        status={run.status}
        events={run.events}
        startedAt={run.startedAt}
        finishedAt={run.finishedAt}
        reportErrors={need === null ? (run.report?.errors.length ?? 0) : 0}
        {...(need === null ? {} : { doneText: 'Audit finished: this server needs sign-in' })}
        cancelling={run.cancelling === true}
        onCancel={onCancel}
      />
      <ProblemList problems={run.problems} onAddEnv={onAddEnv} />
    </>
  );
}

/** A hosted audit whose listing failed: what the OAuth check says to add before auditing again. */
function NextStep({ run, forms, actions }: { run: Run | null; forms: Forms; actions: Actions }) {
  const report = run?.report ?? null;
  if (run?.url == null || report?.oauth == null || report.errors.length === 0) return null;
  return (
    <ListToolsAction
      gate={listToolsGate(report.oauth, forms.hosted.headers)}
      running={run.status === 'running'}
      onRun={actions.auditAgain}
      onAddAuthorization={forms.addAuthorization}
      staleUrl={forms.hosted.url.trim() !== run.url}
      listed={report.tools.length > 0}
    />
  );
}

export function Dashboard({ demo }: { demo: DemoCommand }) {
  const forms = useTargetForms();
  const reportRef = useRef<HTMLDivElement>(null);
  const runRef = useRef<HTMLDivElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const audit = useAuditRun(() => {
    forms.setFormProblem(null);
    saved.dismiss();
    requestAnimationFrame(() => {
      runRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });
  });
  const saved = useSavedFile(audit);
  const actions = useAuditActions(demo, forms, audit);
  const { run } = audit;
  const running = run?.status === 'running';
  const report = run?.report ?? null;
  const need = report === null || run?.source !== undefined ? null : signInNeed(report);
  const signInUrl = useSignInOffer(report, run?.url ?? null);
  useResultFocus(run, resultHeadingRef, reportRef);

  return (
    <div className="space-y-6">
      <DemoOffer running={running} onRun={actions.runDemo} />
      <div data-print="hide" className="flex justify-end">
        <OpenSavedReport
          onOpen={(file, name) => {
            forms.setFormProblem(null);
            saved.open(file, name);
          }}
        />
      </div>
      <TargetForms forms={forms} actions={actions} running={running} />
      <div ref={runRef} data-print="hide" className="scroll-mt-4 space-y-3">
        {run !== null && run.source === undefined ? (
          <RunLog run={run} need={need} onCancel={audit.cancel} onAddEnv={forms.addEnv} />
        ) : null}
      </div>
      {saved.shown !== null ? (
        <div data-print="hide">
          <SavedFileView shown={saved.shown} openId={saved.openId} onOpenReport={saved.openFromBatch} />
        </div>
      ) : null}
      {need !== null && report !== null ? <NeedsSignIn ref={resultHeadingRef} need={need} report={report} /> : null}
      {/* Outside the report (remade by every audit), so a sign-in outlives the audits it serves. */}
      {signInUrl !== null ? (
        <div data-print="hide">
          <SignInAction
            key={signInUrl}
            url={signInUrl}
            running={running}
            facts={report?.signIn ?? null}
            toolCount={report?.signIn === undefined ? null : report.summary.tools}
            onSignedIn={actions.listSignedIn}
          />
        </div>
      ) : null}
      {run !== null && report !== null ? (
        <div ref={reportRef} id="results" className="scroll-mt-4">
          <ErrorBoundary key={run.id} what="the report">
            <AuditResult
              ref={need === null ? resultHeadingRef : null}
              run={run}
              report={report}
              need={need}
              oauthAction={<NextStep run={run} forms={forms} actions={actions} />}
              onAddEnv={forms.addEnv}
              onReplaceReport={audit.replaceReport}
              onAuditOnHost={actions.auditOnHost}
            />
          </ErrorBoundary>
        </div>
      ) : run === null && saved.shown === null ? (
        <EmptyState />
      ) : null}
    </div>
  );
}
