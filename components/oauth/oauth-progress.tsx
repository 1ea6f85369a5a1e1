'use client';

/** The OAuth check while it runs ("Checking who guards <url>…", elapsed time, Cancel), then how it ended. */
import { Elapsed, type RunStatus } from '@/components/audit/audit-progress';
import { formatDuration } from '@/components/ui/display-format';
import { BUTTON, MUTED, StatusIndicator } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

/** The URL as the progress line shows it: no user info, no query or fragment (they may carry secrets). */
export function shortUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`;
  } catch {
    return raw;
  }
}

interface OAuthProgressProps {
  status: RunStatus;
  url: string;
  startedAt: number;
  finishedAt: number | null;
  onCancel: () => void;
}

const STATUS_TEXT: Record<Exclude<RunStatus, 'running'>, string> = {
  done: 'Checked who guards',
  cancelled: 'Authorization check cancelled for',
  failed: 'Authorization check did not finish for',
};

export function OAuthProgress({ status, url, startedAt, finishedAt, onCancel }: OAuthProgressProps) {
  const running = status === 'running';
  return (
    <section
      data-testid="oauth-progress"
      data-status={status}
      aria-label="Authorization check progress"
      className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:px-5 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2.5 text-sm font-medium text-slate-900 dark:text-slate-100">
          <StatusIndicator
            state={running ? 'running' : status === 'done' ? 'ok' : status === 'cancelled' ? 'cancelled' : 'failed'}
          />
          <span aria-live="polite" className="min-w-0 break-all">
            {running ? 'Checking who guards ' : `${STATUS_TEXT[status]} `}
            <VisibleText text={shortUrl(url)} controls />
            {running ? '…' : ''}
          </span>
          <span className={`shrink-0 text-xs font-normal ${MUTED}`}>
            {running ? <Elapsed since={startedAt} /> : formatDuration((finishedAt ?? startedAt) - startedAt)}
          </span>
        </div>
        {running ? (
          <button type="button" data-testid="cancel-oauth" className={BUTTON.danger} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </section>
  );
}
