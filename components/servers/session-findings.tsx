/**
 * The session findings across the audited servers, in the order the core gives (the exfiltration
 * triangle first, then by severity), each with its explanation; a private-data reader says what it reads.
 */
import {
  SESSION_FINDING_DEFINITIONS,
  legToolText,
  type SessionFinding,
  type ToolRef,
} from '@/lib/core/session/findings';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { severityClass } from './server-list';

const refText = (r: ToolRef): string =>
  r.reads === undefined ? `${r.server}/${r.tool}` : `${r.server}/${r.tool} (${r.reads.kind}: “${r.reads.words}”)`;

export function SessionFindings({ findings }: { findings: SessionFinding[] }) {
  if (findings.length === 0) {
    return (
      <p className={`text-sm ${MUTED}`} data-testid="session-findings">
        No session findings across the audited servers.
      </p>
    );
  }
  return (
    <ul className="space-y-3" data-testid="session-findings">
      {findings.map((finding, index) => {
        const definition = SESSION_FINDING_DEFINITIONS[finding.id];
        return (
          <li key={index} className="text-sm" data-testid="session-finding" data-id={finding.id}>
            <div className="flex flex-wrap items-baseline gap-2">
              <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${severityClass(finding.severity)}`}>
                {finding.severity}
              </span>
              <span className="font-semibold">{definition.title}</span>
              <span className={`font-mono text-xs ${MUTED}`}>{finding.id}</span>
            </div>
            <p className="mt-1 break-words">
              <VisibleText text={finding.message} />
            </p>
            {finding.legs !== undefined ? (
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs">
                <dt className={MUTED}>private data</dt>
                <dd data-testid="private-data-readers">{finding.legs.privateData.map(refText).join(', ')}</dd>
                <dt className={MUTED}>untrusted content</dt>
                <dd>{finding.legs.untrustedContent.map((t) => `${t.server}/${t.tool}`).join(', ')}</dd>
                <dt className={MUTED}>external writes</dt>
                <dd>{finding.legs.externalWrite.map(legToolText).join(', ')}</dd>
              </dl>
            ) : null}
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-sky-700 dark:text-sky-300">
                What it means, and what it does not tell you
              </summary>
              <p className="mt-1">{definition.meaning}</p>
              <p className="mt-1">
                <span className="font-medium">Does not tell you: </span>
                {definition.doesNotTell}
              </p>
              <p className={`mt-1 ${MUTED}`}>{definition.reference}</p>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
