/**
 * One tool's behaviour in the sandbox (audit --exercise, issue 23): its status and summary, then
 * every call (and the re-run alone of a tool that looked contradicted) with its arguments, outcome, the requests the server sent the client during it (and the
 * answers) and effects, each effect with its trace line as evidence.
 * The badge, the effect list and the server-request list are components/ui/behaviour-evidence.tsx's
 * (shared with the playground).
 * Paths are shown relative to the sandbox HOME (~/) and working folder (./) as the Report keeps them.
 */
import type { ToolBehaviour } from '@/lib/core/exercise/schema';
import { BehaviourBadge, EffectList, ServerRequestList } from '@/components/ui/behaviour-evidence';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

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
