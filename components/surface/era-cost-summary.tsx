/**
 * The protocol era spoken (and how it was chosen, and whether the other era is accepted), the
 * context cost of the server (estimates: session start, tools, instructions, prompts, resources)
 * and the server-wide findings.
 */
import { formatBytes } from '@/lib/core/bytes';
import { formatCount } from '@/lib/core/count';
import type { Report } from '@/lib/core/report/report';
import type { ProtocolEra } from '@/lib/core/protocol';
import type { CostRecord } from '@/lib/core/report/cost';
import { MUTED, Panel } from '@/components/ui/styles';
import { SurfaceFlagList } from './flag-list';

/** The era in words, on screen and on paper. */
export function eraLabel(era: ProtocolEra | null): string {
  return era === 'modern' ? 'current era (stateless, server/discover)' : '2025 era (initialize)';
}

function Cost({ label, cost, testId }: { label: string; cost: CostRecord; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-50">
        {cost.tokens === null ? formatBytes(cost.bytes) : `≈ ${formatCount(cost.tokens)} tokens`}
      </dd>
      {cost.tokens !== null ? <dd className={`text-xs ${MUTED}`}>{formatBytes(cost.bytes)}</dd> : null}
    </div>
  );
}

export function EraCostSummary({ report }: { report: Report }) {
  const { protocol, surface } = report;
  if ((protocol === undefined || protocol === null) && surface === undefined) return null;
  return (
    <Panel title="Protocol and context cost" headingId="era-cost-heading" testId="era-cost-panel">
      {protocol != null ? (
        <div className="mb-4 text-sm">
          <p
            data-testid="protocol-era"
            data-era={protocol.era ?? ''}
            className="font-medium text-slate-900 dark:text-slate-100"
          >
            Protocol {protocol.version ?? '?'} · {eraLabel(protocol.era)}
          </p>
          <p className={`mt-0.5 text-xs ${MUTED}`}>{protocol.detail}</p>
          {protocol.otherEra !== null ? (
            <p data-testid="protocol-other-era" className={`mt-0.5 text-xs ${MUTED}`}>
              {protocol.otherEra.detail}
            </p>
          ) : null}
        </div>
      ) : null}
      {surface !== undefined ? (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            <Cost label="Session start" cost={surface.cost.sessionStart} testId="cost-session-start" />
            <Cost label="Tools" cost={surface.cost.tools} testId="cost-tools" />
            <Cost label="Instructions" cost={surface.cost.instructions} testId="cost-instructions" />
            <Cost label="Prompts" cost={surface.cost.prompts} testId="cost-prompts" />
            <Cost label="Resources" cost={surface.cost.resources} testId="cost-resources" />
            <Cost label="Templates" cost={surface.cost.resourceTemplates} testId="cost-templates" />
          </dl>
          <p className={`mt-2 text-xs ${MUTED}`}>
            Estimates with {surface.cost.encoding} on the JSON as sent. Hosts strip some fields and use other
            tokenizers. Session start is what a host sends before the first message: the tool list and the instructions.
          </p>
          {surface.findings.length > 0 ? (
            <div className="mt-4">
              <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-50">Server-wide findings</h3>
              <SurfaceFlagList flags={surface.findings} />
            </div>
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}
