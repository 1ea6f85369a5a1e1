'use client';

/**
 * What a finished run shows: the report, or (an audit that listed nothing) the failure with what was
 * learned, or (a protected server that wants credentials) who guards it, as a state to act on. The
 * OAuth panel carries the next step (List tools, Add an Authorization header) in every case. A local
 * server's report offers the exercise and, beside it, the playground (Try it by hand).
 */
import { forwardRef, type ReactNode } from 'react';
import type { SignInNeed } from '@/lib/core/report/needs-sign-in';
import { auditOutcome, type Report } from '@/lib/core/report/report';
import { ExerciseAction } from '@/components/exercise/exercise-action';
import { PlaygroundAction } from '@/components/playground/playground-action';
import { OAuthPanel } from '@/components/oauth/oauth-panel';
import { ReportView } from '@/components/report/report-view';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { AuditFailure } from './audit-failure';
import type { Run } from './audit-session';

interface AuditResultProps {
  run: Run;
  report: Report;
  need: SignInNeed;
  oauthAction: ReactNode;
  onAddEnv: (name: string) => void;
  onReplaceReport: (report: Report) => void;
  /** A sandboxed listing that failed: audit the same command on the host. */
  onAuditOnHost: () => void;
}

function OAuthFacts({ report, action, headingId }: { report: Report; action: ReactNode; headingId: string }) {
  if (report.oauth == null) return null;
  return (
    <ErrorBoundary what="the authorization check">
      <OAuthPanel oauth={report.oauth} date={report.generatedAt} jsonExport action={action} headingId={headingId} />
    </ErrorBoundary>
  );
}

export const AuditResult = forwardRef<HTMLHeadingElement, AuditResultProps>(function AuditResult(
  { run, report, need, oauthAction, onAddEnv, onReplaceReport, onAuditOnHost },
  headingRef,
) {
  // The state's heading is above the sign-in action (components/oauth/needs-sign-in-view.tsx).
  if (need !== null) return <OAuthFacts report={report} action={oauthAction} headingId="needs-sign-in-oauth-heading" />;
  if (auditOutcome(report) === 'failed') {
    return (
      <div className="space-y-6">
        <AuditFailure
          ref={headingRef}
          report={report}
          onAddEnv={onAddEnv}
          {...(run.request?.transport === 'stdio' ? { onAuditOnHost, running: run.status === 'running' } : {})}
        />
        {/* A hosted server that refused the listing: who guards it is what was learned. */}
        <OAuthFacts report={report} action={oauthAction} headingId="failure-oauth-panel-heading" />
      </div>
    );
  }
  return (
    <ReportView
      key={run.id}
      ref={headingRef}
      report={report}
      oauthAction={oauthAction}
      {...(run.request?.transport === 'stdio'
        ? {
            exerciseAction: (
              <div className="space-y-4">
                <ExerciseAction report={report} request={run.request} onReport={onReplaceReport} />
                <PlaygroundAction request={run.request} />
              </div>
            ),
          }
        : {})}
      {...(run.source === undefined ? {} : { source: run.source })}
    />
  );
});
