/**
 * A hosted server's OAuth check on paper: the URL checked, the three lessons (who issues tokens, how
 * many scopes, what the transport accepts), the findings with their explanations, the sign-in the
 * audit ran with (never a token) and every URL tried. Server strings are text, never links.
 */
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import type { Report } from '@/lib/core/report';
import { VisibleText } from '@/components/ui/visible-text';
import { PrintFact, PrintSection, PrintSeverity } from './print-parts';

function Probes({ oauth }: { oauth: OAuthReport }) {
  return (
    <table className="mt-1 w-full border-collapse text-left text-[8pt]">
      <thead>
        <tr className="border-b border-slate-400">
          <th className="py-0.5 pr-2 font-semibold">Purpose</th>
          <th className="py-0.5 pr-2 font-semibold">Request</th>
          <th className="py-0.5 font-semibold">Answer</th>
        </tr>
      </thead>
      <tbody>
        {oauth.probes.map((probe, i) => (
          // Probes are listed in the order they were sent.
          <tr key={i} className="border-b border-slate-200 align-top">
            <td className="py-0.5 pr-2">
              <VisibleText text={probe.purpose} />
            </td>
            <td className="py-0.5 pr-2 font-mono break-all">
              {probe.method} <VisibleText text={probe.url} controls />
            </td>
            <td className="py-0.5">
              {probe.status !== null ? String(probe.status) : <VisibleText text={probe.error?.kind ?? 'no answer'} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

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
      <Probes oauth={oauth} />
    </PrintSection>
  );
}
