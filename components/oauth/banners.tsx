/** The two banners above the lessons: the server answers anyone, or it could not be reached at all. */
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

export function NoAuthBanner({ message }: { message: string }) {
  return (
    <div
      data-testid="oauth-no-auth"
      className="flex gap-3 rounded-lg bg-rose-700 px-4 py-3 text-white shadow-sm dark:bg-rose-800"
    >
      <span aria-hidden="true" className="mt-px text-lg leading-none">
        ⚠
      </span>
      <div className="min-w-0">
        <p className="font-semibold">This server answers anyone without authorization</p>
        <p className="mt-0.5 text-sm break-words text-rose-50">
          <VisibleText text={message} />
        </p>
      </div>
    </div>
  );
}

export function UnreachableBanner({ oauth }: { oauth: OAuthReport }) {
  const failed = oauth.probes.filter((probe) => probe.error !== null).slice(0, 3);
  return (
    <div
      data-testid="oauth-unreachable"
      role="alert"
      className="rounded-lg bg-rose-50 px-4 py-3 text-sm ring-1 ring-rose-200 ring-inset dark:bg-rose-950/60 dark:ring-rose-900"
    >
      <p className="font-semibold break-all text-slate-900 dark:text-slate-50">
        mcp-hintcheck could not reach <VisibleText text={oauth.url} controls />
      </p>
      <p className="mt-0.5 text-slate-700 dark:text-slate-300">
        Not one request got an HTTP answer, so nothing below says who guards it.
      </p>
      {failed.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {failed.map((probe, i) => (
            <li
              // The first failed probes, in the order they were made.
              key={i}
              className="break-words text-slate-800 dark:text-slate-200"
            >
              <code className="rounded bg-rose-100 px-1.5 py-px font-mono text-xs text-rose-800 dark:bg-rose-900 dark:text-rose-100">
                {probe.error?.kind}
              </code>{' '}
              <span className={MUTED}>
                {probe.method} <VisibleText text={probe.url} controls />:
              </span>{' '}
              <VisibleText text={probe.error?.message ?? ''} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        <span className="font-medium">What to try: </span>check the URL and that the server is running, then run the
        check again.
      </p>
    </div>
  );
}
