/**
 * The printed document's exercise section (issue 34): the summary box first (tools per status, the
 * tools reached of tools listed, the reasons the rest were not with their classes, grouped, the calls
 * left out of tools reached, the server-level findings, what the run proved and cannot
 * prove; lib/core/report/exercise-overview.ts), then every exercised tool's verdict with each call's outcome,
 * arguments and effects with their evidence (long paths wrap: globals.css). Nothing when the report was
 * not exercised.
 */
import { argumentsLabel, describeEffect, outcomeText } from '@/lib/core/exercise/judge';
import { exerciseOverview } from '@/lib/core/report/exercise-overview';
import type { Report } from '@/lib/core/report/report';
import { VisibleText } from '@/components/ui/visible-text';
import { PrintSection } from './print-parts';

export function PrintExercise({ report }: { report: Report }) {
  const overview = exerciseOverview(report);
  if (overview === null) return null;
  const exercised = report.tools.filter((tool) => tool.behaviour !== undefined);
  return (
    <PrintSection title="Behaviour in a sandbox">
      <div data-testid="print-exercise-summary" className="mb-2 border border-slate-500 p-2">
        <p>{overview.counts.map(({ status, tools }) => `${status} ${tools}`).join(' · ')}</p>
        <p data-testid="print-exercise-reach">{overview.reachLine}</p>
        {overview.reasons.map(({ kind, reason, tools }) => (
          <p key={`${kind}-${reason}`}>
            Not exercised, <VisibleText text={reason} />: <VisibleText text={tools.join(', ')} /> ({kind})
          </p>
        ))}
        {overview.leftOut.map(({ kind, reason, tools }) => (
          <p key={`left-${kind}-${reason}`}>
            A call left out, <VisibleText text={reason} />: <VisibleText text={tools.join(', ')} /> ({kind})
          </p>
        ))}
        {overview.serverFindings.map((finding) => (
          <p key={`${finding.kind}-${finding.summary}`}>
            Server-level ({finding.kind}): <VisibleText text={finding.summary} />
          </p>
        ))}
        <p>Proved: {overview.proved}</p>
        <p>Cannot prove: {overview.cannotProve}</p>
      </div>
      <ul className="space-y-1">
        {exercised.map((tool) => (
          <li key={tool.index} data-testid="print-exercise-tool">
            <span className="font-semibold">
              <VisibleText text={tool.name} />
            </span>
            : {tool.behaviour?.status} · <VisibleText text={tool.behaviour?.summary ?? ''} />
            {[...(tool.behaviour?.calls ?? []), ...(tool.behaviour?.confirmation?.calls ?? [])].map((call, i) => (
              // A tool's calls are a fixed list in call order.
              <span key={i} className="block pl-3 font-mono text-[8pt] break-all">
                <VisibleText text={`${outcomeText(call)} · ${argumentsLabel(call)} ${call.argumentsJson}`} />
                {call.effects.map((effect, j) => (
                  // Effects are a fixed list in trace order.
                  <span key={j} data-testid="print-exercise-effect" className="block pl-3">
                    <VisibleText text={`${describeEffect(effect)} · evidence: ${effect.evidence}`} />
                  </span>
                ))}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </PrintSection>
  );
}
