/**
 * The surface at a glance: one horizontal bar split by tool class (read-only, additive write,
 * destructive write), each segment's open-world share hatched, and a legend with the numbers.
 * Counts come from report.summary.classCounts.
 */
import { TOOL_CLASSES } from '@/lib/core/annotations';
import type { Summary } from '@/lib/core/report/summary';
import { CLASS_LABELS, CLASS_SWATCH } from '@/components/ui/badges';
import { MUTED } from '@/components/ui/styles';

/** The class counts the chart draws, straight from report.summary (never recounted). */
export type ClassCounts = Summary['classCounts'];

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;
}

export function SurfaceChart({ total, byClass }: { total: number; byClass: ClassCounts }) {
  const description = TOOL_CLASSES.map(
    (cls) => `${CLASS_LABELS[cls]}: ${byClass[cls].tools} (${byClass[cls].openWorld} open-world)`,
  ).join('; ');
  return (
    <figure data-testid="surface-chart" className="min-w-0">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
        <span className="font-medium text-slate-900 dark:text-slate-100">Surface by class</span>
        <span className={`text-xs ${MUTED}`}>hatched: open-world (openWorldHint true or defaulted)</span>
      </figcaption>
      {total === 0 ? (
        <div
          className={`flex h-8 items-center justify-center rounded-md bg-slate-100 text-xs dark:bg-slate-800 ${MUTED}`}
        >
          No tools listed
        </div>
      ) : (
        <div
          role="img"
          aria-label={`${total} tools. ${description}.`}
          className="flex h-8 w-full gap-0.5 overflow-hidden rounded-md"
        >
          {TOOL_CLASSES.filter((cls) => byClass[cls].tools > 0).map((cls) => {
            const { tools, openWorld } = byClass[cls];
            const closed = tools - openWorld;
            return (
              <div
                key={cls}
                data-class={cls}
                data-count={tools}
                className="flex min-w-1 overflow-hidden"
                style={{ flexGrow: tools, flexBasis: 0 }}
                title={`${CLASS_LABELS[cls]}: ${tools} (${openWorld} open-world)`}
              >
                {closed > 0 ? <div className={CLASS_SWATCH[cls]} style={{ flexGrow: closed, flexBasis: 0 }} /> : null}
                {openWorld > 0 ? (
                  <div
                    data-open-world={openWorld}
                    className={`hatch-open-world ${CLASS_SWATCH[cls]}`}
                    style={{ flexGrow: openWorld, flexBasis: 0 }}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      )}
      <ul className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-3">
        {TOOL_CLASSES.map((cls) => {
          const { tools, openWorld } = byClass[cls];
          return (
            <li key={cls} data-class={cls} className="flex items-start gap-2">
              <span aria-hidden="true" className={`mt-1 flex h-3 w-5 shrink-0 overflow-hidden rounded-sm`}>
                <span className={`w-1/2 ${CLASS_SWATCH[cls]}`} />
                <span className={`hatch-open-world w-1/2 ${CLASS_SWATCH[cls]}`} />
              </span>
              <span>
                <span className="font-medium text-slate-900 dark:text-slate-100">{CLASS_LABELS[cls]}</span>{' '}
                <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{tools}</span>{' '}
                <span className={`text-xs ${MUTED}`}>
                  ({percent(tools, total)}; {openWorld} open-world)
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
