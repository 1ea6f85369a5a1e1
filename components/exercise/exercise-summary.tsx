/**
 * The exercise at a glance (issue 34), shown first above the exercise's controls: tools per status,
 * tools reached of tools listed, the reasons the rest were not with their classes (grouped; issue
 * 47.4), the calls left out of tools reached, the server-level findings, and what the run proved
 * and cannot prove. All of it is lib/core/report/exercise-overview.ts's; this only lays it out.
 */
import { exerciseOverview } from '@/lib/core/report/exercise-overview';
import type { Report } from '@/lib/core/report/report';
import { BEHAVIOUR_LABEL, BEHAVIOUR_TONE } from '@/components/ui/behaviour-evidence';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { SandboxFacts } from './sandbox-facts';

export function ExerciseSummary({ report }: { report: Report }) {
  const overview = exerciseOverview(report);
  if (overview === null) return null;
  return (
    <div
      data-testid="exercise-summary"
      className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-900 dark:ring-slate-700"
    >
      <h3 className="font-medium">Exercise summary</h3>
      <ul className="flex flex-wrap gap-2 text-xs">
        {overview.counts.map(({ status, tools }) => (
          <li
            key={status}
            data-testid="exercise-count"
            data-status={status}
            className={`rounded px-1.5 py-0.5 ring-1 ring-inset ${BEHAVIOUR_TONE[status]}`}
          >
            {BEHAVIOUR_LABEL[status]}: {tools}
          </li>
        ))}
      </ul>
      <p data-testid="exercise-reach" className="text-xs">
        {overview.reachLine}
      </p>
      {overview.reasons.length + overview.leftOut.length > 0 ? (
        <ul data-testid="exercise-reasons" className="space-y-1 text-xs">
          {overview.reasons.map(({ kind, reason, tools }) => (
            <li key={`${kind}-${reason}`} data-kind={kind}>
              Not exercised, <VisibleText text={reason} />: <VisibleText text={tools.join(', ')} />{' '}
              <span className={MUTED}>({kind})</span>
            </li>
          ))}
          {overview.leftOut.map(({ kind, reason, tools }) => (
            <li key={`left-${kind}-${reason}`} data-kind={kind} className={MUTED}>
              A call left out, <VisibleText text={reason} />: <VisibleText text={tools.join(', ')} /> ({kind})
            </li>
          ))}
        </ul>
      ) : null}
      {overview.serverFindings.length > 0 ? (
        <ul data-testid="exercise-server-findings" className="space-y-1 text-xs">
          {overview.serverFindings.map((finding) => (
            <li key={`${finding.kind}-${finding.summary}`}>
              <span className="font-medium">Server-level ({finding.kind}):</span> <VisibleText text={finding.summary} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs">
        <span className="font-medium">Proved:</span> {overview.proved}
      </p>
      <p className={`text-xs ${MUTED}`}>
        <span className="font-medium">Cannot prove:</span> {overview.cannotProve}
      </p>
      <SandboxFacts facts={report.exercise?.sandboxFacts} />
    </div>
  );
}
