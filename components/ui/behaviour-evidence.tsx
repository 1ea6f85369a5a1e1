/**
 * The exercise's evidence pieces, shared by the exercise's behaviour panel (components/exercise) and the
 * playground's result view (components/playground): the Behaviour badge (status and its tone), a
 * call's effects each with its trace line as evidence, and the requests the server sent the client
 * during a call with how each was answered. Server text is drawn with its invisible characters marked.
 */
import type { ServerRequestRecord } from '@/lib/core/capabilities/session';
import type { Effect, ToolBehaviour } from '@/lib/core/exercise/schema';
import { describeEffect } from '@/lib/core/exercise/judge';
import { MUTED } from './styles';
import { markedText, VisibleText } from './visible-text';

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
