/**
 * The server's instructions: injected into the model's context for the whole session. Shown as
 * sent, with invisible characters marked, their cost (an estimate) and their findings.
 */
import type { Surface } from '@/lib/core/report/surface-report';
import { formatBytes } from '@/lib/core/bytes';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { SurfaceFlagList } from './flag-list';

export function InstructionsView({ instructions }: { instructions: Surface['instructions'] }) {
  if (instructions === null) {
    return (
      <p data-testid="instructions-none" className={`text-sm ${MUTED}`}>
        The server sent no instructions.
      </p>
    );
  }
  return (
    <div data-testid="instructions-view" className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0 space-y-2">
        <p className={`text-xs ${MUTED}`} data-testid="instructions-cost">
          {formatBytes(instructions.cost.bytes)}
          {instructions.cost.tokens === null ? '' : ` ≈ ${instructions.cost.tokens} tokens (estimate)`} · sent to the
          model for the whole session
        </p>
        <p
          data-testid="instructions-text"
          className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-800"
        >
          <VisibleText text={instructions.text} />
        </p>
      </div>
      <SurfaceFlagList flags={instructions.flags} />
    </div>
  );
}
