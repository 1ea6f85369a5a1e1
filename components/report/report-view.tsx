/**
 * One finished audit: Read first (the top tools of the risk order), its problems (what went wrong and
 * what to try), then the summary and
 * chart, the risk table, and the server panel, with the exports at the top; a hosted server's OAuth
 * check after the problems.
 */
import { ReadinessPanel } from '@/components/apps/readiness-panel';
import { forwardRef, type ForwardedRef, type ReactNode } from 'react';
import type { Report } from '@/lib/core/report/report';
import { formatDuration, formatAuditTime, plural } from '@/components/ui/display-format';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { ExportButtons } from './export-buttons';
import { OAuthPanel } from '@/components/oauth/oauth-panel';
import { ProblemList, type ShownProblem } from '@/components/ui/problem-list';
import { RiskTable } from '@/components/risk-table/risk-table';
import { SkipToTable } from '@/components/risk-table/skip-to-table';
import { ServerPanel } from './server-panel';
import { SummaryPanel } from './summary-panel';
import { ReadFirstBox } from './read-first-box';
import { SessionPanel } from './session-panel';
import { DeclaredPanel } from './declared-panel';
import { EraCostSummary } from '@/components/surface/era-cost-summary';
import { SurfaceViews } from '@/components/surface/surface-views';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { DeferredPrintDocument } from '@/components/print/deferred-print-document';

function reportProblems(report: Report): ShownProblem[] {
  return [
    ...report.errors.map((problem): ShownProblem => ({ ...problem, level: 'error' })),
    ...report.warnings.map((problem): ShownProblem => ({ ...problem, level: 'warning' })),
  ];
}

/** A saved report opened from disk: its file name. */
interface SavedSource {
  source?: string;
}

/**
 * A report of a hosted server carries its OAuth check, shown as a panel; `oauthAction` is the next
 * step shown in it (add a header and audit again) when the listing failed.
 */
/** `exerciseAction`: the "Exercise in a sandbox" control of a local audit (components/exercise). */
type ReportViewProps = { report: Report; oauthAction?: ReactNode; exerciseAction?: ReactNode } & SavedSource;

/** The report's title, its one-line facts, and the file a saved report came from. */
function ReportHeading({
  report,
  headingRef,
  source,
}: {
  report: Report;
  headingRef: ForwardedRef<HTMLHeadingElement>;
  source: string | undefined;
}) {
  const { server } = report;
  const name = server?.name ?? null;
  return (
    <div className="min-w-0">
      <p className={`text-xs font-medium tracking-wide uppercase ${MUTED}`}>
        {source === undefined ? 'Audit report' : `Saved audit report: ${source}`}
      </p>
      <h2
        ref={headingRef}
        tabIndex={-1}
        data-testid="report-heading"
        className="mt-0.5 text-xl font-semibold break-words text-slate-900 focus:outline-none dark:text-slate-50"
      >
        {name !== null ? <VisibleText text={name} controls /> : 'Server not initialized'}
        {server?.version != null ? (
          <span className={`ml-2 text-base font-normal ${MUTED}`}>
            <VisibleText text={server.version} controls />
          </span>
        ) : null}
      </h2>
      <SkipToTable />
      <p className={`mt-1 text-sm ${MUTED}`}>
        {plural(report.summary.tools, 'tool')} · {plural(report.pages, 'page')} · {formatDuration(report.durationMs)} ·{' '}
        {report.complete ? 'complete listing' : 'incomplete listing'} · generated {formatAuditTime(report.generatedAt)}
      </p>
    </div>
  );
}

export const ReportView = forwardRef<HTMLHeadingElement, ReportViewProps>(function ReportView(
  { report, oauthAction, exerciseAction, source },
  headingRef,
) {
  return (
    <div data-testid="report" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ReportHeading report={report} headingRef={headingRef} source={source} />
        <div data-print="hide">
          <ExportButtons report={report} />
        </div>
      </div>
      <ErrorBoundary what="read first">
        <ReadFirstBox report={report} />
      </ErrorBoundary>
      <ProblemList problems={reportProblems(report)} />
      {exerciseAction !== undefined ? <div data-print="hide">{exerciseAction}</div> : null}
      {report.oauth != null ? (
        <ErrorBoundary what="the authorization check">
          <OAuthPanel
            oauth={report.oauth}
            date={report.generatedAt}
            jsonExport={false}
            action={oauthAction}
            headingId="report-oauth-panel-heading"
          />
        </ErrorBoundary>
      ) : null}
      <ErrorBoundary what="the summary">
        <SummaryPanel report={report} />
      </ErrorBoundary>
      <ErrorBoundary what="the protocol and cost summary">
        <EraCostSummary report={report} />
      </ErrorBoundary>
      <ErrorBoundary what="the capabilities and server requests">
        <SessionPanel report={report} />
      </ErrorBoundary>
      <ErrorBoundary what="the server's declarations">
        <DeclaredPanel report={report} />
      </ErrorBoundary>
      <ErrorBoundary what="the readiness grading">
        <ReadinessPanel report={report} />
      </ErrorBoundary>
      <ErrorBoundary what="the tool table">
        <SurfaceViews report={report} tools={<RiskTable report={report} />} />
      </ErrorBoundary>
      <ErrorBoundary what="the server details">
        <ServerPanel report={report} />
      </ErrorBoundary>
      <ErrorBoundary what="the printed report">
        <DeferredPrintDocument report={report} {...(source === undefined ? {} : { source })} />
      </ErrorBoundary>
    </div>
  );
});
