'use client';

/**
 * The changes between two saved audits, classified exactly as `mcp-hintcheck verify` does
 * (lib/core/contract/drift.ts), widening first; a changed text word by word. Server text is shown as
 * React text.
 */
import { CHANGE_DEFINITIONS, DIRECTION_LABELS, type Direction } from '@/lib/core/contract/changes';
import type { Drift } from '@/lib/core/contract/drift';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { TextDiff } from './text-diff';

const DIRECTION_STYLE: Record<Direction, string> = {
  widening: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
  review: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  narrowing: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
};

export function DiffView({ drift, from, to }: { drift: Drift; from: number; to: number }) {
  return (
    <div data-testid="history-diff" className="mt-4 space-y-3">
      <p className="text-sm">
        <span className="font-medium">
          #{from} → #{to}:
        </span>{' '}
        {drift.changes.length === 0 ? (
          <span data-testid="history-diff-none">no changes to the surface.</span>
        ) : (
          <span data-testid="history-diff-counts">
            {drift.changes.length} {drift.changes.length === 1 ? 'change' : 'changes'}: widening {drift.counts.widening}
            , changed text {drift.counts.review}, neutral {drift.counts.neutral}, narrowing {drift.counts.narrowing}
          </span>
        )}
      </p>
      {drift.notes.map((note) => (
        <p key={note} data-testid="history-diff-note" className={`text-xs ${MUTED}`}>
          {note}
        </p>
      ))}
      {drift.changes.length > 0 ? (
        <ul className="space-y-2" aria-label="Changes, widening first">
          {drift.changes.map((change, index) => (
            <li
              key={index}
              data-testid="history-change"
              data-kind={change.kind}
              data-direction={change.direction}
              data-tool={change.tool ?? ''}
              data-item={change.item === undefined ? '' : `${change.item.type}:${change.item.id}`}
              className="flex flex-wrap items-baseline gap-2 text-sm"
            >
              <span className={`rounded px-1.5 py-0.5 font-mono text-xs ${DIRECTION_STYLE[change.direction]}`}>
                {DIRECTION_LABELS[change.direction]}
              </span>
              <span className="font-medium">{CHANGE_DEFINITIONS[change.kind].title}</span>
              <span className="min-w-0 break-words">
                <VisibleText text={change.message} />
              </span>
              {(change.texts ?? []).map((text) => (
                <TextDiff key={text.field} text={text} />
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      <p className={`text-xs ${MUTED}`}>
        The same classification as <code>mcp-hintcheck verify</code>: widening means the server now claims it may do
        more; changed text is text the model reads (read the words added). Annotations are hints; a narrowing claim is
        no more verified than a widening one.
      </p>
    </div>
  );
}
