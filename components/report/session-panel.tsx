/**
 * The session beyond the lists (Report.clientSession): which client capabilities the audit declared,
 * every request the server sent and how it was answered, what was heard while listening after the lists
 * and what listing again found, and the comparison with a listing that declared none.
 */
import { describeCapabilities } from '@/lib/core/capabilities/declared';
import type { Report } from '@/lib/core/report/report';
import { H3, MUTED, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { SessionToolChanges } from './session-tool-changes';

const MODE_LABEL = { host: 'as a host', none: 'none', file: 'from a file' } as const;

type Session = NonNullable<Report['clientSession']>;

function ServerRequests({ session }: { session: Session }) {
  return session.serverRequests.length === 0 ? (
    <p data-testid="server-requests-none" className={`mt-1 text-sm ${MUTED}`}>
      None.
    </p>
  ) : (
    <div className="mt-1 overflow-x-auto">
      <table data-testid="server-requests" className="w-full text-left text-sm">
        <thead className={`text-xs ${MUTED}`}>
          <tr>
            <th className="py-1 pr-3 font-medium">At</th>
            <th className="py-1 pr-3 font-medium">Method</th>
            <th className="py-1 pr-3 font-medium">Answered</th>
            <th className="py-1 font-medium">It asked</th>
          </tr>
        </thead>
        <tbody>
          {session.serverRequests.map((request, i) => (
            // Requests are listed in arrival order: the index is their identity.
            <tr key={i} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="py-1 pr-3 tabular-nums">+{request.atMs} ms</td>
              <td className="py-1 pr-3 font-mono text-xs">
                <VisibleText text={request.method} controls />
              </td>
              <td className="py-1 pr-3 break-words">
                {request.answer === 'none' ? 'not answered' : request.answer === 'error' ? 'error ' : ''}
                <VisibleText text={request.detail} />
              </td>
              <td className={`py-1 break-words ${MUTED}`}>
                {request.asked === null ? '—' : <VisibleText text={request.asked} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {session.rootsSource === 'temporary' && session.roots.length > 0 ? (
        <p className={`mt-1 text-xs ${MUTED}`}>Roots: an empty folder made for this audit and removed after it.</p>
      ) : null}
    </div>
  );
}

export function SessionPanel({ report }: { report: Report }) {
  const session = report.clientSession;
  if (session === undefined) return null;
  const declared = describeCapabilities(session.declared);
  const comparison = session.comparison;
  return (
    <Panel title="Capabilities and server requests" headingId="session-heading" testId="session-panel">
      <p data-testid="capabilities-declared" className="text-sm">
        Declared {MODE_LABEL[session.mode]}
        {session.file === null ? null : (
          <>
            {' '}
            (<VisibleText text={session.file} controls />)
          </>
        )}
        : {declared.length === 0 ? 'no capability' : declared.join(', ')}.
      </p>
      <h3 className={`${H3} mt-4`}>Requests the server sent</h3>
      <ServerRequests session={session} />
      <h3 className={`${H3} mt-4`}>After the lists</h3>
      <p data-testid="listen-summary" className="mt-1 text-sm">
        Listened {session.listenMs} ms:{' '}
        {session.notifications.length === 0
          ? 'no list_changed.'
          : `${session.notifications.length} list_changed notification${session.notifications.length === 1 ? '' : 's'}.`}
      </p>
      {session.relisted.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
          {session.relisted.map((entry, i) => (
            // One entry per relisting, in order.
            <li key={i} data-testid="relisted">
              {entry.list} listed again at +{entry.atMs} ms:{' '}
              {entry.error !== null ? (
                <>
                  failed (<VisibleText text={entry.error} />)
                </>
              ) : entry.added.length + entry.removed.length + entry.changed.length === 0 ? (
                'no change'
              ) : (
                [
                  ...entry.added.map((name) => `added ${name}`),
                  ...entry.removed.map((name) => `removed ${name}`),
                  ...entry.changed.map((name) => `changed ${name}`),
                ].join(', ')
              )}
              <SessionToolChanges changes={entry.changes ?? []} />
            </li>
          ))}
        </ul>
      ) : null}
      {comparison === null ? null : (
        <p data-testid="capability-comparison" className="mt-4 text-sm">
          {comparison.toolsWithout === null
            ? `The listing without capabilities failed: ${comparison.error ?? ''}`
            : `Without capabilities the server lists ${comparison.toolsWithout} tools. Capability-gated: ${comparison.gated.length === 0 ? 'none' : comparison.gated.join(', ')}.`}
          {comparison.onlyWithout.length > 0 ? ` Listed only without: ${comparison.onlyWithout.join(', ')}.` : ''}
          {comparison.tasks === null
            ? ''
            : comparison.tasks.toolsWithout === null
              ? ` The listing without tasks failed: ${comparison.tasks.error ?? ''}`
              : ` Without tasks: ${comparison.tasks.toolsWithout} tools; only a task-capable client sees: ${comparison.tasks.gated.length === 0 ? 'none' : comparison.tasks.gated.join(', ')}.`}
        </p>
      )}
    </Panel>
  );
}
