'use client';

/** Live progress of an audit (the API's progress events, in words), elapsed time and Cancel. */
import { useEffect, useState } from 'react';
import type { AuditProgress } from '@/lib/core/api/audit-request';
import { formatBytes } from '@/lib/core/bytes';
import { formatDuration } from '@/components/ui/display-format';
import { BUTTON, MUTED, StatusIndicator } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

export type RunStatus = 'running' | 'done' | 'cancelled' | 'failed';

function describe(event: AuditProgress): string {
  switch (event.step) {
    case 'starting':
      return event.transport === 'stdio'
        ? 'Starting the server (stdio)…'
        : `Connecting (${event.transport} transport)…`;
    case 'spawned':
      return event.pid === null ? 'Server started' : `Server started, pid ${event.pid}`;
    case 'initialized': {
      const { server } = event;
      const name = [server.name ?? '(no name)', server.version].filter((part) => part !== null).join(' ');
      return `Initialized: ${name}, protocol ${server.protocolVersion ?? 'unknown'} over ${server.transport}`;
    }
    case 'page':
      return `Page ${event.page}: ${event.tools} ${event.tools === 1 ? 'tool' : 'tools'} so far (${formatBytes(event.bytes)})`;
    case 'accepted':
      return 'Accepted by the dashboard';
    case 'stopped':
      return event.confirmed
        ? `Server stopped${event.pid === null ? '' : ` (pid ${event.pid})`}, with everything it started`
        : `Server ended, but ${event.survivors} of its processes were still running`;
    case 'oauth':
      return event.reachable
        ? `Authorization checked: ${event.findings} ${event.findings === 1 ? 'finding' : 'findings'}`
        : 'Authorization check: the server could not be reached';
  }
}

/** Time since `since`, ticking while shown. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 200);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return <span className="tabular-nums">{formatDuration(Math.max(0, now - since))}</span>;
}

interface AuditProgressProps {
  status: RunStatus;
  events: AuditProgress[];
  startedAt: number;
  finishedAt: number | null;
  /** Errors in the finished report: the audit ran, but not everything worked. */
  reportErrors: number;
  /** Cancel was pressed: the dashboard is ending the server and has not confirmed it yet. */
  cancelling?: boolean;
  /** What a finished audit says instead of "Audit finished" (a server that needs sign-in). */
  doneText?: string;
  onCancel: () => void;
}

const STATUS_TEXT: Record<Exclude<RunStatus, 'running'>, string> = {
  done: 'Audit finished',
  cancelled: 'Audit cancelled',
  failed: 'Audit did not finish',
};

export function AuditProgressPanel({
  status,
  events,
  startedAt,
  finishedAt,
  reportErrors,
  cancelling = false,
  doneText,
  onCancel,
}: AuditProgressProps) {
  const running = status === 'running';
  const withErrors = status === 'done' && reportErrors > 0;
  return (
    <section
      data-testid="audit-progress"
      data-status={status}
      tabIndex={-1}
      aria-label="Audit progress"
      className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 focus:outline-2 focus:outline-sky-600 sm:px-5 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2.5 text-sm font-medium text-slate-900 dark:text-slate-100">
          <StatusIndicator
            state={
              running
                ? 'running'
                : status === 'done' && !withErrors
                  ? 'ok'
                  : status === 'cancelled'
                    ? 'cancelled'
                    : 'failed'
            }
          />
          <span>
            {running
              ? 'Auditing…'
              : withErrors
                ? `Audit finished with ${reportErrors === 1 ? 'an error' : `${reportErrors} errors`}: see below`
                : status === 'done' && doneText !== undefined
                  ? doneText
                  : STATUS_TEXT[status]}
          </span>
          <span className={`text-xs font-normal ${MUTED}`}>
            {running ? <Elapsed since={startedAt} /> : formatDuration((finishedAt ?? startedAt) - startedAt)}
          </span>
        </div>
        {running ? (
          <button
            type="button"
            data-testid="cancel-audit"
            className={BUTTON.danger}
            onClick={onCancel}
            disabled={cancelling}
            aria-busy={cancelling}
          >
            {cancelling ? 'Stopping the server…' : 'Cancel'}
          </button>
        ) : null}
      </div>
      {events.length > 0 ? (
        <ol
          aria-live="polite"
          className={`mt-2 space-y-0.5 border-l-2 border-slate-200 pl-3 text-xs dark:border-slate-700 ${MUTED}`}
        >
          {events.map((event, i) => (
            // The log only grows (page events replace the last page line), so the position is stable.
            <li key={i} data-step={event.step}>
              <VisibleText text={describe(event)} controls />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
