/**
 * One tool's behaviour in the sandbox (audit --exercise, issue 23): its status and summary, then
 * every call (and the re-run alone of a tool that looked contradicted) with its arguments, outcome, the requests the server sent the client during it (and the
 * answers) and effects, each effect with its trace line as evidence.
 * EffectList and ServerRequestList are shared with the playground's result view (components/playground).
 * Paths are shown relative to the sandbox HOME (~/) and working folder (./) as the Report keeps them.
 */
import type { ServerRequestRecord } from '@/lib/core/capabilities/session';
import type { Effect, ToolBehaviour } from '@/lib/core/exercise/schema';
import { describeEffect } from '@/lib/core/exercise/judge';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';

export const BEHAVIOUR_LABEL: Record<ToolBehaviour['status'], string> = {
  contradicted: 'contradicted (seen twice)',
  inconclusive: 'inconclusive',
  clean: 'exercised: clean',
  observed: 'observed',
  'not-exercised': 'not exercised',
};

export const BEHAVIOUR_TONE: Record<ToolBehaviour['status'], string> = {
  contradicted: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800',
  inconclusive:
    'bg-orange-50 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-800',
  clean:
    'bg-emerald-50 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800',
  observed: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  'not-exercised':
    'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800',
};

export function BehaviourBadge({ behaviour }: { behaviour: Pick<ToolBehaviour, 'status' | 'summary'> }) {
  return (
    <span
      data-testid="behaviour-badge"
      data-status={behaviour.status}
      title={markedText(behaviour.summary)}
      className={`inline-block rounded px-1.5 py-0.5 text-[0.7rem] font-medium ring-1 ring-inset ${BEHAVIOUR_TONE[behaviour.status]}`}
    >
      {BEHAVIOUR_LABEL[behaviour.status]}
    </span>
  );
}

/** The requests the server sent the client during a call, and how each was answered (nothing when none). */
export function ServerRequestList({ requests }: { requests: readonly ServerRequestRecord[] }) {
  if (requests.length === 0) return null;
  return (
    <ul data-testid="behaviour-server-requests" className="mt-1 space-y-1 text-xs">
      {requests.map((request, j) => (
        // Requests are a fixed list in arrival order.
        <li key={`${request.method}-${j}`}>
          The server asked <code className="font-mono">{request.method}</code>;{' '}
          {request.answer === 'none' ? 'not answered' : `answered (${request.answer})`}:{' '}
          <VisibleText text={request.detail} />
          {request.asked !== null ? (
            <span className={`block ${MUTED}`}>
              asked: <VisibleText text={request.asked} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A call's effects, each with its trace line as evidence; none: what the snapshot saw instead. */
export function EffectList({ effects, changed }: { effects: readonly Effect[]; changed: readonly string[] }) {
  if (effects.length === 0)
    return (
      <p className={`mt-1 text-xs ${MUTED}`}>
        {changed.length === 0
          ? 'No effect traced: no write, process, network attempt or canary read.'
          : `No effect traced, yet the snapshot saw ${changed.join(', ')} change.`}
      </p>
    );
  return (
    <ul className="mt-1 space-y-1 text-xs">
      {effects.map((effect, j) => (
        // Effects are a fixed list in trace order.
        <li key={`${effect.kind}-${j}`} data-testid="behaviour-effect" data-kind={effect.kind}>
          <VisibleText text={describeEffect(effect)} />
          <code className={`block font-mono break-all ${MUTED}`}>
            <VisibleText text={effect.evidence} />
          </code>
        </li>
      ))}
    </ul>
  );
}

export function BehaviourPanel({ behaviour }: { behaviour: ToolBehaviour }) {
  return (
    <div data-testid="behaviour-panel" className="space-y-2">
      <p className="text-slate-800 dark:text-slate-200">
        <BehaviourBadge behaviour={behaviour} /> <VisibleText text={behaviour.summary} />
      </p>
      <ol className="space-y-2">
        {[...behaviour.calls, ...(behaviour.confirmation?.calls ?? [])].map((call, i) => (
          // A tool's calls are a fixed list in call order.
          <li
            key={`${call.round}-${i}`}
            data-testid="behaviour-call"
            className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800"
          >
            <div className="text-xs">
              <span className="font-medium">
                {i < behaviour.calls.length ? `Call ${i + 1}` : 'Re-run alone in a fresh sandbox'}
                {call.round > 1 ? ' (repeat)' : ''}
              </span>{' '}
              · <span data-testid="behaviour-outcome">{call.outcome}</span> · {call.durationMs} ms · arguments{' '}
              {call.argumentsFrom}
              {call.filteredAsNoise > 0 ? ` · ${call.filteredAsNoise} effects also seen at start (noise)` : ''}
            </div>
            <ScrollRegion as="pre" label={`Arguments of call ${i + 1}`} className={`${PRE} mt-1 max-h-24`}>
              {call.argumentsJson}
            </ScrollRegion>
            {call.message !== null ? (
              <p className={`mt-1 text-xs ${MUTED}`}>
                <VisibleText text={call.message} />
              </p>
            ) : null}
            <ServerRequestList requests={call.serverRequests ?? []} />
            <EffectList effects={call.effects} changed={call.changed} />
          </li>
        ))}
      </ol>
      <p className={`text-xs ${MUTED}`}>
        One set of arguments, in a sandbox without network: other arguments, or the server outside a sandbox, may behave
        differently.
      </p>
    </div>
  );
}
