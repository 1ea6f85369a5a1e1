/**
 * A hosted server's OAuth check on paper: the URL checked, the three lessons (who issues tokens, how
 * many scopes, what the transport accepts), the findings with their explanations, the sign-in the
 * audit ran with (never a token) and every URL tried. Server strings are text, never links.
 */
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import type { Report } from '@/lib/core/report/report';
import { VisibleText } from '@/components/ui/visible-text';
import { PrintFact, PrintSection, PrintSeverity, PrintTable, type PrintColumn } from './print-parts';

type Probe = OAuthReport['probes'][number];

const PROBE_COLUMNS: PrintColumn<Probe>[] = [
  { heading: 'Purpose', cell: (probe) => <VisibleText text={probe.purpose} /> },
  {
    heading: 'Request',
    className: 'font-mono break-all',
    cell: (probe) => (
      <>
        {probe.method} <VisibleText text={probe.url} controls />
      </>
    ),
  },
  {
    heading: 'Answer',
    cell: (probe) =>
      probe.status !== null ? String(probe.status) : <VisibleText text={probe.error?.kind ?? 'no answer'} />,
  },
];

export function PrintOAuth({ report }: { report: Report }) {
  const { oauth, signIn } = report;
  if (oauth == null) return null;
  return (
    <PrintSection title="Who guards this server (OAuth)" block={false}>
      <dl className="space-y-0.5">
        <PrintFact label="URL checked">
          <span className="font-mono break-all">
            <VisibleText text={oauth.url} controls />
          </span>
        </PrintFact>
        <PrintFact label="Who issues tokens">
          <VisibleText text={oauth.lessons.issuer} />
        </PrintFact>
        <PrintFact label="How many scopes">
          <VisibleText text={oauth.lessons.scopes} />
          {oauth.scopes.length > 0 ? (
            <span className="block font-mono">
              <VisibleText text={oauth.scopes.join(' ')} controls />
            </span>
          ) : null}
        </PrintFact>
        <PrintFact label="What the transport accepts">
          <VisibleText text={oauth.lessons.transport} />
        </PrintFact>
        {signIn !== undefined ? (
          <PrintFact label="Audited signed in">
            {signIn.authenticated ? 'yes' : 'no'}, at <VisibleText text={signIn.issuer} controls />; scopes granted:{' '}
            <VisibleText text={signIn.scopesGranted.join(' ') || '(none)'} controls />
          </PrintFact>
        ) : null}
      </dl>
      <h3 className="print-heading mt-2 text-[10pt] font-semibold">Findings ({oauth.findings.length})</h3>
      {oauth.findings.length === 0 ? (
        <p>Nothing to report about this server&apos;s authorization.</p>
      ) : (
        <ul className="space-y-1">
          {oauth.findings.map((finding, i) => (
            // Findings are shown in the order the report gives them.
            <li key={i} className="print-block">
              <p>
                <PrintSeverity severity={finding.severity} /> <span className="font-mono">{finding.id}</span>:{' '}
                <VisibleText text={finding.message} />
              </p>
              <p className="pl-4 text-[8.5pt] text-slate-700">
                <VisibleText text={finding.explanation} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <h3 className="print-heading mt-2 text-[10pt] font-semibold">URLs tried ({oauth.probes.length})</h3>
      <PrintTable
        columns={PROBE_COLUMNS}
        items={oauth.probes}
        // Probes are listed in the order they were sent.
        rowKey={(_probe, i) => i}
        pad="py-0.5"
        className="mt-1"
      />
    </PrintSection>
  );
}
