'use client';

/**
 * An audit that stopped before a single tools/list page (auditOutcome 'failed') is not a report:
 * no counts, no table, no export. It shows the error with what to do, and what was learned on the
 * way: the step, the process (pid, exit code or signal), the server if it initialized, and the
 * stderr tail, with the lines that explain the failure marked.
 */
import { forwardRef, type ReactNode } from 'react';
import type { ProcessFacts, Report } from '@/lib/core/report/report';
import { explainingLines } from '@/lib/core/stderr';
import { targetText } from '@/lib/core/csv/tool-columns';
import { ProblemList, type ShownProblem } from '@/components/ui/problem-list';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { exitText } from './exit-text';
import { WhyFailed } from './why-failed';
import { AuditOnHost } from './audit-on-host';

interface AuditFailureProps {
  report: Report;
  onAddEnv: (name: string) => void;
  /** Offered when the listing ran in the sandbox: the same request on the host (components/dashboard.tsx). */
  onAuditOnHost?: () => void;
  running?: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className={`text-xs font-medium ${MUTED}`}>{label}</dt>
      <dd className="mt-0.5 font-mono text-sm break-all text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** The process's stderr tail, the lines that explain the failure marked. */
function StderrTail({ process }: { process: ProcessFacts }) {
  const stderr = process.stderrTail.trimEnd();
  const explaining = new Set(explainingLines(stderr, 5));
  return (
    <div className="mt-4">
      <h3 className={`text-xs font-semibold tracking-wide uppercase ${MUTED}`}>
        stderr ({process.stderrBytes} bytes{stderr === '' ? ', nothing written' : ', last lines'})
      </h3>
      {stderr !== '' ? (
        <ScrollRegion as="pre" label="stderr" testId="failure-stderr" className={`${PRE} mt-1.5 max-h-80`}>
          {stderr.split(/\r?\n/).map((line, i) => (
            // Lines of one fixed text: the position is their identity.
            <span
              key={i}
              className={
                explaining.has(line.trimEnd())
                  ? 'block bg-amber-100 font-semibold text-slate-950 dark:bg-amber-900/60 dark:text-white'
                  : 'block'
              }
            >
              <VisibleText text={line} />
              {'\n'}
            </span>
          ))}
        </ScrollRegion>
      ) : null}
    </div>
  );
}

export const AuditFailure = forwardRef<HTMLHeadingElement, AuditFailureProps>(function AuditFailure(
  { report, onAddEnv, onAuditOnHost, running = false },
  headingRef,
) {
  const sandboxed = report.target.transport === 'stdio' && report.target.listedIn !== undefined;
  const problems: ShownProblem[] = [
    ...report.errors.map((problem): ShownProblem => ({ ...problem, level: 'error' })),
    ...report.warnings.map((problem): ShownProblem => ({ ...problem, level: 'warning' })),
  ];
  const step = report.errors[0]?.step ?? null;
  const process = report.process;
  return (
    <section data-testid="audit-failure" aria-labelledby="audit-failure-heading" className="space-y-4">
      <h2
        id="audit-failure-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none dark:text-slate-50"
      >
        The audit did not reach the tool list
      </h2>
      <p className={`text-sm ${MUTED}`}>
        Nothing was listed, so there is nothing to count or export. What went wrong, what to do, and what was learned on
        the way:
      </p>
      <ProblemList problems={problems} onAddEnv={onAddEnv} />
      {sandboxed && onAuditOnHost !== undefined ? (
        <AuditOnHost onAuditOnHost={onAuditOnHost} running={running} />
      ) : null}
      <Panel title="What was learned" headingId="audit-learned-heading" testId="audit-learned">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Target">
            <VisibleText text={targetText(report.target)} controls />
          </Fact>
          <Fact label="Stopped at">{step ?? 'unknown step'}</Fact>
          {process !== null ? (
            <>
              <Fact label="Process id">{process.pid === null ? 'not started' : String(process.pid)}</Fact>
              <Fact label="Exit">
                <VisibleText text={exitText(process, report.errors[0]?.message ?? null)} controls />
              </Fact>
            </>
          ) : null}
          <Fact label="Server">
            {report.server === null ? (
              'did not initialize'
            ) : (
              <VisibleText text={`${report.server.name ?? '(no name)'} ${report.server.version ?? ''}`} controls />
            )}
          </Fact>
        </dl>
        {process !== null ? <StderrTail process={process} /> : null}
      </Panel>
      {report.target.transport === 'stdio' ? null : <WhyFailed url={report.target.url} />}
    </section>
  );
});
