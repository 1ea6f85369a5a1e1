/** The OAuth findings in report order, each with its severity, message and fixed explanation. */
import { NO_AUTH_FINDING } from '@/lib/core/oauth/list-tools-gate';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { SeverityLabel } from '@/components/ui/badges';
import { H3, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

export function Findings({ oauth }: { oauth: OAuthReport }) {
  return (
    <section aria-label="Findings" className="min-w-0">
      <h3 className={`${H3} mb-2`}>Findings ({oauth.findings.length})</h3>
      {oauth.findings.length === 0 ? (
        <p className={`text-sm italic ${MUTED}`}>Nothing to report about this server&apos;s authorization.</p>
      ) : (
        <ul className="space-y-2" data-testid="oauth-findings">
          {oauth.findings.map((finding, i) => (
            <li
              // Findings are shown in the order the report gives them and never reordered.
              key={i}
              data-testid="oauth-finding"
              data-finding-id={finding.id}
              data-severity={finding.severity}
              className={`rounded-lg px-3.5 py-2.5 ring-1 ring-inset ${
                finding.id === NO_AUTH_FINDING
                  ? 'bg-rose-50 ring-rose-300 dark:bg-rose-950/60 dark:ring-rose-800'
                  : 'bg-white ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
              }`}
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <SeverityLabel severity={finding.severity} />
                <code className="font-mono text-xs font-semibold text-slate-900 dark:text-slate-100">{finding.id}</code>
              </div>
              <p className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">
                <VisibleText text={finding.message} />
              </p>
              <p className="mt-1 text-xs leading-relaxed break-words text-slate-600 dark:text-slate-400">
                <VisibleText text={finding.explanation} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
