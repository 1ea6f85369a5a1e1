/**
 * The counts of the article's script (from report.summary, never recomputed), the surface chart,
 * and what the counts do and do not mean.
 */
import { SEVERITIES } from '@/lib/core/severity';
import type { Report } from '@/lib/core/report/report';
import { SeverityLabel } from '@/components/ui/badges';
import { SurfaceChart } from './surface-chart';
import { MUTED, Panel } from '@/components/ui/styles';

interface Stat {
  testId: string;
  label: string;
  value: number;
  rule: string;
  tone?: 'warn' | 'bad';
}

function StatCard({ stat }: { stat: Stat }) {
  const tone =
    stat.tone === 'bad' && stat.value > 0
      ? 'text-rose-700 dark:text-rose-300'
      : stat.tone === 'warn' && stat.value > 0
        ? 'text-amber-700 dark:text-amber-300'
        : 'text-slate-900 dark:text-slate-50';
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{stat.label}</dt>
      <dd className={`mt-0.5 text-2xl font-semibold tabular-nums ${tone}`}>
        <span data-testid={stat.testId}>{stat.value}</span>
      </dd>
      <dd className={`mt-0.5 text-[0.7rem] leading-snug ${MUTED}`}>{stat.rule}</dd>
    </div>
  );
}

/** The strict count and the partially-annotated flag's count, and why they differ when they do. */
function partialRule(summary: Report['summary']): string {
  const flagged = summary.flagCounts['partially-annotated'] ?? 0;
  const quiet = summary.partiallyAnnotated - flagged;
  const base = 'annotated, but not all four hints are booleans';
  return quiet > 0
    ? `${base}: ${flagged} carry the partially-annotated flag; ${quiet} ${quiet === 1 ? 'is' : 'are'} read-only, whose missing hints do not apply`
    : `${base} (each carries the partially-annotated flag)`;
}

/** The seven counts, each with the rule it counts by. */
function summaryStats(summary: Report['summary']): Stat[] {
  return [
    { testId: 'summary-tools', label: 'Tools', value: summary.tools, rule: 'every page of tools/list' },
    { testId: 'summary-read-only', label: 'Read-only', value: summary.readOnly, rule: 'readOnlyHint true' },
    {
      testId: 'summary-destructive',
      label: 'Destructive',
      value: summary.destructive,
      rule: 'not read-only, destructiveHint not false',
      tone: 'bad',
    },
    {
      testId: 'summary-open-world',
      label: 'Open-world',
      value: summary.openWorld,
      rule: 'openWorldHint not false',
      tone: 'warn',
    },
    {
      testId: 'summary-unannotated',
      label: 'Unannotated',
      value: summary.unannotated,
      rule: 'no annotations at all',
      tone: 'bad',
    },
    {
      testId: 'summary-partial',
      label: 'Partially annotated',
      value: summary.partiallyAnnotated,
      rule: partialRule(summary),
      tone: 'warn',
    },
    {
      testId: 'summary-additive',
      label: 'Additive writes',
      value: summary.additiveWrites.length,
      rule: 'writes with destructiveHint false',
      tone: 'warn',
    },
  ];
}

export function SummaryPanel({ report }: { report: Report }) {
  const { summary } = report;
  const stats = summaryStats(summary);
  const allUnannotated = summary.tools > 0 && summary.unannotated === summary.tools;
  return (
    <Panel title="Summary" headingId="summary-heading" testId="summary">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-7">
        {stats.map((stat) => (
          <StatCard key={stat.testId} stat={stat} />
        ))}
      </dl>
      <p className={`mt-2 text-xs ${MUTED}`}>
        Fully annotated (all four hints booleans) {summary.fullyAnnotated} · malformed {summary.malformed} · asks for a
        confirmation token {summary.confirmationRequired}
      </p>
      <div className="mt-5">
        <SurfaceChart total={summary.tools} byClass={summary.classCounts} />
      </div>
      <div className="mt-5 space-y-2 text-sm">
        <p data-testid="annotations-note" className="text-slate-700 dark:text-slate-300">
          Annotations are hints the server gives about itself; nothing verifies them.
        </p>
        {allUnannotated ? (
          <p
            data-testid="all-unannotated-note"
            className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-900"
          >
            Every tool is unannotated: these counts are the spec defaults (destructive, open-world writes), not anything
            the server said.
          </p>
        ) : null}
        <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs ${MUTED}`}>
          <span>Tools with at least one flag of each severity:</span>
          {SEVERITIES.map((severity) => (
            <span key={severity} className="inline-flex items-center gap-1">
              <SeverityLabel severity={severity} />
              <span className="tabular-nums text-slate-800 dark:text-slate-200">
                {summary.severityCounts[severity]}
              </span>
            </span>
          ))}
        </p>
      </div>
    </Panel>
  );
}
