/**
 * Read first: a short box at the top of a report (lib/core/report/read-first.ts): the top three tools of
 * the risk order, each with the reason it ranks there and the start of its description, then the
 * capability-gated tools, the texts that name a tool the listing lacks, and the tools the server added
 * after the lists. Nothing is re-ranked here.
 */
import { OBSERVED_WORDS, readFirst } from '@/lib/core/report/read-first';
import type { Report } from '@/lib/core/report/report';
import { SeverityLabel } from '@/components/ui/badges';
import { QuotedDescription } from '@/components/ui/quoted-description';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

function NameList({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 ? ', ' : ''}
          <code className="font-mono">
            <VisibleText text={name} controls />
          </code>
        </span>
      ))}
    </>
  );
}

export function ReadFirstBox({ report }: { report: Report }) {
  const first = readFirst(report);
  if (first.tools.length === 0 && first.gated.length === 0 && first.unlisted.length === 0) return null;
  return (
    <section
      data-testid="read-first"
      aria-labelledby="read-first-heading"
      className="rounded-xl bg-amber-50/70 p-4 ring-1 ring-amber-200 ring-inset dark:bg-amber-950/30 dark:ring-amber-900"
    >
      <h2 id="read-first-heading" className="text-base font-semibold text-slate-900 dark:text-slate-50">
        Read first
      </h2>
      <ol className="mt-2 space-y-2 text-sm">
        {first.tools.map((tool) => (
          <li key={`${tool.rank}-${tool.name}`} data-testid="read-first-tool" className="min-w-0">
            <p className="break-words">
              <span className={`mr-1 tabular-nums ${MUTED}`}>{tool.rank}.</span>
              <code data-testid="read-first-name" className="font-mono font-semibold">
                <VisibleText text={tool.name} controls />
              </code>
              {tool.reason === null ? (
                <span className={`ml-2 ${MUTED}`}>no flag: ranked by its level and name</span>
              ) : tool.sameAs !== null ? (
                <span data-testid="read-first-reason" className="ml-2">
                  the same as {tool.sameAs}. (<span className="font-mono text-xs">{tool.reason.id}</span>)
                </span>
              ) : (
                <span data-testid="read-first-reason" className="ml-2">
                  {tool.observed ? <strong>{OBSERVED_WORDS}: </strong> : null}
                  <SeverityLabel severity={tool.reason.severity} />{' '}
                  <span className="font-mono text-xs">{tool.reason.id}</span>:{' '}
                  <VisibleText text={tool.reason.message} />
                </span>
              )}
            </p>
            {tool.apart === null ? null : (
              <p data-testid="read-first-apart" className="mt-0.5 break-words text-xs">
                Sets it apart: <VisibleText text={tool.apart} />
              </p>
            )}
            <p data-testid="read-first-description" className={`mt-0.5 break-words text-xs ${MUTED}`}>
              <QuotedDescription description={tool.description} truncated={tool.truncated} />
            </p>
          </li>
        ))}
      </ol>
      {first.gated.length > 0 || first.unlisted.length > 0 || first.addedLater.length > 0 ? (
        <ul className="mt-3 space-y-1 border-t border-amber-200 pt-2 text-sm dark:border-amber-900">
          {first.gated.length > 0 ? (
            <li data-testid="read-first-gated">
              <SeverityLabel severity="medium" /> Capability-gated (listed only to a client that declares them):{' '}
              <NameList names={first.gated} />
            </li>
          ) : null}
          {first.unlisted.map((entry) => (
            <li key={entry.subject} data-testid="read-first-unlisted">
              <SeverityLabel severity="medium" /> <VisibleText text={entry.message} />
            </li>
          ))}
          {first.addedLater.length > 0 ? (
            <li data-testid="read-first-added">
              <SeverityLabel severity="medium" /> Added after the lists (list_changed):{' '}
              <NameList names={first.addedLater} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
