/**
 * The opening of the printed review document: what was audited (server, target, time, tool version,
 * protocol era), Read first (lib/core/report/read-first.ts, never re-ranked) and the summary counts.
 */
import { SEVERITIES } from '@/lib/core/severity';
import { OBSERVED_WORDS, readFirst } from '@/lib/core/report/read-first';
import type { Report } from '@/lib/core/report/report';
import { RISK_RULE } from '@/lib/core/report/risk';
import { eraLabel } from '@/components/surface/era-cost-summary';
import { formatDuration, formatAuditTime, plural } from '@/components/ui/display-format';
import { QuotedDescription } from '@/components/ui/quoted-description';
import { VisibleText } from '@/components/ui/visible-text';
import { PrintFact, PrintSection, PrintSeverity } from './print-parts';

function targetText(report: Report): string {
  const { target } = report;
  return target.transport === 'stdio' ? [target.command, ...target.args].join(' ') : target.url;
}

export function PrintHeader({ report, source }: { report: Report; source: string | undefined }) {
  const { server, protocol } = report;
  return (
    <header className="print-block">
      <p className="text-[8pt] font-semibold tracking-wide uppercase">
        mcp-hintcheck review{source === undefined ? '' : `: saved report ${source}`}
      </p>
      <h1 className="text-[16pt] leading-tight font-bold break-all">
        {server?.name != null ? <VisibleText text={server.name} controls /> : 'Server not initialized'}
        {server?.version != null ? (
          <span className="ml-2 font-normal">
            <VisibleText text={server.version} controls />
          </span>
        ) : null}
      </h1>
      <dl className="mt-2 space-y-0.5">
        <PrintFact label="Target">
          <span className="font-mono text-[8.5pt] break-all">
            <VisibleText text={targetText(report)} controls />
          </span>
        </PrintFact>
        <PrintFact label="Audited">
          {formatAuditTime(report.generatedAt)} · took {formatDuration(report.durationMs)}
        </PrintFact>
        <PrintFact label="Audited with">
          <VisibleText text={`${report.generator.name} ${report.generator.version}`} controls />
        </PrintFact>
        <PrintFact label="Protocol">
          {protocol?.version ?? server?.protocolVersion ?? 'not reported'}
          {protocol?.era != null ? ` · ${eraLabel(protocol.era)}` : ''}
          {server !== null ? ` · ${server.transport}` : ''}
        </PrintFact>
        <PrintFact label="Listing">
          {plural(report.summary.tools, 'tool')} on {plural(report.pages, 'page')} ·{' '}
          {report.complete ? 'complete' : 'incomplete: tools may be missing'}
        </PrintFact>
      </dl>
    </header>
  );
}

export function PrintReadFirst({ report }: { report: Report }) {
  const first = readFirst(report);
  if (first.tools.length === 0 && first.gated.length === 0 && first.unlisted.length === 0) return null;
  return (
    <PrintSection title="Read first">
      <ol className="space-y-1">
        {first.tools.map((tool) => (
          <li key={`${tool.rank}-${tool.name}`}>
            <p>
              {tool.rank}. <span className="font-mono font-semibold">{<VisibleText text={tool.name} controls />}</span>
              {tool.reason === null ? (
                ' no flag: ranked by its level and name'
              ) : tool.sameAs !== null ? (
                <>
                  {' '}
                  the same as {tool.sameAs}. (<span className="font-mono">{tool.reason.id}</span>)
                </>
              ) : (
                <>
                  {' '}
                  {tool.observed ? <strong>{OBSERVED_WORDS}: </strong> : null}
                  <PrintSeverity severity={tool.reason.severity} /> <span className="font-mono">{tool.reason.id}</span>:{' '}
                  <VisibleText text={tool.reason.message} />
                </>
              )}
            </p>
            {tool.apart === null ? null : (
              <p className="pl-4 text-[8.5pt] break-words">
                Sets it apart: <VisibleText text={tool.apart} />
              </p>
            )}
            <p className="pl-4 text-[8.5pt] break-words">
              <QuotedDescription description={tool.description} truncated={tool.truncated} />
            </p>
          </li>
        ))}
      </ol>
      {first.gated.length > 0 ? (
        <p className="mt-1">
          Capability-gated (listed only to a client that declares them):{' '}
          <VisibleText text={first.gated.join(', ')} controls />
        </p>
      ) : null}
      {first.unlisted.map((entry) => (
        <p key={entry.subject} className="mt-1">
          <VisibleText text={entry.message} />
        </p>
      ))}
      {first.addedLater.length > 0 ? (
        <p className="mt-1">
          Added after the lists (list_changed): <VisibleText text={first.addedLater.join(', ')} controls />
        </p>
      ) : null}
    </PrintSection>
  );
}

export function PrintSummary({ report }: { report: Report }) {
  const { summary } = report;
  const counts: [string, number][] = [
    ['Tools', summary.tools],
    ['Read-only', summary.readOnly],
    ['Destructive', summary.destructive],
    ['Open-world', summary.openWorld],
    ['Unannotated', summary.unannotated],
    ['Partially annotated', summary.partiallyAnnotated],
    ['Additive writes', summary.additiveWrites.length],
  ];
  return (
    <PrintSection title="Summary">
      <table className="w-full border-collapse text-center">
        <thead>
          <tr>
            {counts.map(([label]) => (
              <th key={label} className="border border-slate-400 px-1 py-0.5 text-[8pt] font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {counts.map(([label, value]) => (
              <td key={label} className="border border-slate-400 px-1 py-0.5 text-[11pt] tabular-nums">
                {value}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="mt-1">
        Tools with at least one flag of each severity:{' '}
        {SEVERITIES.map((severity) => `${severity} ${summary.severityCounts[severity]}`).join(' · ')}. Fully annotated{' '}
        {summary.fullyAnnotated} · malformed {summary.malformed} · asks for a confirmation token{' '}
        {summary.confirmationRequired}.
      </p>
      <p className="mt-1">
        Annotations are hints the server gives about itself; nothing verifies them. Tools below are in the risk order;
        what each hint and flag means is at the end. The risk order does not tell you: {RISK_RULE.doesNotTell}
      </p>
    </PrintSection>
  );
}
