'use client';
/**
 * One row of the surface item table: name (with its secondary text and an invisible-characters
 * marker), kind, findings, cost; opened, the item's description, its raw JSON as sent, and its findings.
 */
import type { Flag } from '@/lib/core/flags/catalogue';
import { formatBytes } from '@/lib/core/bytes';
import { SeverityLabel } from '@/components/ui/badges';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';
import { SurfaceFlagList } from './flag-list';
import type { SurfaceRow } from './item-order';

function NameCell({ row, expanded }: { row: SurfaceRow; expanded: boolean }) {
  const hidden = row.flags.some((flag) => flag.id === 'hidden-characters');
  return (
    <td className="px-2 py-1.5">
      <button
        type="button"
        aria-expanded={expanded}
        className="text-left font-medium text-slate-900 dark:text-slate-100"
      >
        <VisibleText text={row.displayName === '' ? '(no name)' : row.displayName} controls />
      </button>
      {row.secondary !== '' ? (
        <span className={`block font-mono text-xs break-all ${MUTED}`}>
          <VisibleText text={row.secondary} controls />
        </span>
      ) : null}
      {hidden ? (
        <span data-testid="hidden-marker" className="mt-0.5 block text-xs font-medium text-rose-700 dark:text-rose-300">
          contains invisible characters
        </span>
      ) : null}
    </td>
  );
}

function Detail({ row, testId }: { row: SurfaceRow; testId: string }) {
  return (
    <tr data-testid={`${testId}-detail`}>
      <td colSpan={4} className="px-2 pt-2 pb-4">
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="min-w-0 space-y-3">
            {row.description !== null ? (
              <p className="text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                <VisibleText text={row.description} />
              </p>
            ) : (
              <p className={`text-sm italic ${MUTED}`}>No description.</p>
            )}
            <ScrollRegion as="pre" label="As sent" className={`${PRE} max-h-96`}>
              {prettyJson(row.raw)}
            </ScrollRegion>
          </div>
          <SurfaceFlagList flags={row.flags} />
        </div>
      </td>
    </tr>
  );
}

export function SurfaceTableRow({
  row,
  expanded,
  topSeverity,
  onToggle,
  testId,
}: {
  row: SurfaceRow;
  expanded: boolean;
  topSeverity: Flag['severity'] | null;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <>
      <tr
        data-testid={`${testId}-row`}
        data-item-name={row.name}
        className="cursor-pointer border-b border-slate-100 align-top hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50"
        onClick={onToggle}
      >
        <NameCell row={row} expanded={expanded} />
        <td className="px-2 py-1.5 text-xs">{row.kind}</td>
        <td className="px-2 py-1.5">
          {topSeverity === null ? (
            <span className={`text-xs ${MUTED}`}>none</span>
          ) : (
            <span className="flex flex-wrap items-center gap-1.5 text-xs">
              <SeverityLabel severity={topSeverity} />
              <span className={MUTED}>{row.flags.map((flag) => flag.id).join(', ')}</span>
            </span>
          )}
        </td>
        <td className="px-2 py-1.5 text-xs tabular-nums" data-testid={`${testId}-cost`}>
          {row.cost.tokens === null ? '' : `≈ ${row.cost.tokens} tokens · `}
          {formatBytes(row.cost.bytes)}
        </td>
      </tr>
      {expanded ? <Detail row={row} testId={testId} /> : null}
    </>
  );
}
