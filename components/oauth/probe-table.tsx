/** Every URL the check tried, in order: purpose, method, URL, status or error, time and redirects. Stacks below md. */
import { isEndpointProbe, type Probe } from '@/lib/core/oauth/schemas';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { formatDuration } from '@/components/ui/display-format';
import { H3, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

function statusTone(status: number): string {
  if (status < 300) return 'text-teal-700 dark:text-teal-300';
  if (status < 400) return 'text-sky-700 dark:text-sky-300';
  if (status < 500) return 'text-amber-800 dark:text-amber-300';
  return 'text-rose-700 dark:text-rose-300';
}

function ProbeResult({ probe }: { probe: Probe }) {
  if (probe.error !== null) {
    return (
      <>
        <code className="rounded bg-rose-100 px-1.5 py-px font-mono text-xs text-rose-800 dark:bg-rose-900 dark:text-rose-100">
          {probe.error.kind}
        </code>
        <span className="mt-0.5 block text-xs break-words text-slate-700 dark:text-slate-300">
          <VisibleText text={probe.error.message} />
        </span>
      </>
    );
  }
  return (
    <>
      <span className={`font-mono font-semibold tabular-nums ${statusTone(probe.status ?? 0)}`}>
        {probe.status ?? '—'}
      </span>
      {probe.contentType !== null ? (
        <span className={`mt-0.5 block font-mono text-xs break-all ${MUTED}`}>
          <VisibleText text={probe.contentType} controls />
        </span>
      ) : null}
      {probe.wwwAuthenticate !== null ? (
        <span className={`mt-0.5 block text-xs break-all ${MUTED}`}>
          WWW-Authenticate: <VisibleText text={probe.wwwAuthenticate} controls />
        </span>
      ) : null}
    </>
  );
}

const TH = `px-3 py-2 text-left text-xs font-semibold ${MUTED}`;
/** Below md the table stacks: each probe becomes a small card, each cell a line with its own label. */
const TD = 'block px-3 py-0.5 md:table-cell md:py-2 md:align-top';

function CellLabel({ children }: { children: string }) {
  return <span className={`mr-1.5 text-xs font-semibold md:hidden ${MUTED}`}>{children}</span>;
}

/** One probe as a table row (a card below md). */
function ProbeRow({ probe }: { probe: Probe }) {
  return (
    <tr
      role="row"
      data-testid="oauth-probe"
      data-status={probe.status ?? undefined}
      data-error={probe.error?.kind}
      className={`flex flex-wrap py-2 md:table-row md:py-0 ${isEndpointProbe(probe.kind) ? 'bg-sky-50/40 dark:bg-sky-950/20' : ''}`}
    >
      <td
        role="cell"
        className={`${TD} w-full font-medium break-words text-slate-800 md:w-auto md:font-normal dark:text-slate-200`}
      >
        <VisibleText text={probe.purpose} controls />
      </td>
      <td role="cell" className={`${TD} pr-0 font-mono text-xs text-slate-800 md:pr-3 dark:text-slate-200`}>
        <VisibleText text={probe.method} controls />
      </td>
      <td role="cell" className={`${TD} min-w-0 flex-1 font-mono text-xs break-all text-slate-900 dark:text-slate-100`}>
        <VisibleText text={probe.url} controls />
      </td>
      <td role="cell" className={`${TD} w-full md:w-auto`}>
        <CellLabel>Result</CellLabel>
        <ProbeResult probe={probe} />
      </td>
      <td role="cell" className={`${TD} text-xs whitespace-nowrap tabular-nums md:text-right ${MUTED}`}>
        <CellLabel>Time</CellLabel>
        {formatDuration(probe.durationMs)}
      </td>
      <td role="cell" className={`${TD} min-w-0 flex-1 text-xs`}>
        <CellLabel>Redirects</CellLabel>
        {probe.redirects.length === 0 ? (
          <span className={MUTED}>none</span>
        ) : (
          <ol className="list-decimal space-y-0.5 pl-4 font-mono break-all text-slate-800 dark:text-slate-200">
            {probe.redirects.map((redirect, j) => (
              // Redirect hops are positional.
              <li key={j}>
                <VisibleText text={redirect} controls />
              </li>
            ))}
          </ol>
        )}
      </td>
    </tr>
  );
}

export function ProbeTable({ oauth }: { oauth: OAuthReport }) {
  return (
    <section aria-label="URLs tried" className="min-w-0">
      <h3 className={`${H3} mb-2`}>
        URLs tried ({oauth.probes.length}){' '}
        <span className="font-normal tracking-normal normal-case">
          in order; endpoint requests carry no credentials
        </span>
      </h3>
      <div
        tabIndex={0}
        role="region"
        aria-label="URLs tried, scrollable"
        className="overflow-x-auto rounded-lg ring-1 ring-slate-200 ring-inset focus-visible:outline-2 focus-visible:outline-sky-600 dark:ring-slate-800"
      >
        <table
          role="table"
          data-testid="oauth-probes"
          className="block w-full border-collapse text-sm md:table md:min-w-[44rem]"
        >
          <thead className="sr-only bg-slate-50 md:not-sr-only md:table-header-group dark:bg-slate-950/60">
            <tr role="row">
              <th role="columnheader" scope="col" className={`${TH} w-[20%]`}>
                Purpose
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-16`}>
                Method
              </th>
              <th role="columnheader" scope="col" className={TH}>
                URL
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-[22%]`}>
                Status or error
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-20 text-right`}>
                Time
              </th>
              <th role="columnheader" scope="col" className={`${TH} w-[18%]`}>
                Redirects
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-800">
            {oauth.probes.map((probe, i) => (
              // Probes are in the order they were made and never reordered.
              <ProbeRow key={i} probe={probe} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
