/**
 * The findings of one prompt, resource, template or the instructions, each with its explanation
 * from the one flag catalogue (what it means, what it does not tell you, the reference).
 */
import { FLAG_DEFINITIONS, type Flag } from '@/lib/core/flags';
import { FlagBadge } from '@/components/ui/badges';
import { MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

export function SurfaceFlagList({ flags }: { flags: readonly Flag[] }) {
  if (flags.length === 0) {
    return <p className={`text-sm ${MUTED}`}>No findings. That is what the server sent, not a verdict: read it.</p>;
  }
  return (
    <ul className="space-y-2.5 text-sm">
      {flags.map((flag, i) => {
        const def = FLAG_DEFINITIONS[flag.id];
        return (
          <li
            // An item's flags are a fixed list in report order.
            key={`${flag.id}-${i}`}
            data-testid="surface-flag"
            data-flag-id={flag.id}
            className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800"
          >
            <div className="flex flex-wrap items-center gap-2">
              <FlagBadge flag={flag} />
              <span className="font-medium text-slate-900 dark:text-slate-100">{def.title}</span>
            </div>
            <p className="mt-1.5 text-slate-800 dark:text-slate-200">
              <VisibleText text={flag.message} />
            </p>
            <dl className="mt-2 grid gap-x-3 gap-y-1 text-xs sm:grid-cols-[8rem_1fr]">
              <dt className={`font-medium ${MUTED}`}>Meaning</dt>
              <dd className="text-slate-700 dark:text-slate-300">{def.meaning}</dd>
              <dt className={`font-medium ${MUTED}`}>Does not tell you</dt>
              <dd className="text-slate-700 dark:text-slate-300">{def.doesNotTell}</dd>
              <dt className={`font-medium ${MUTED}`}>Reference</dt>
              <dd className="text-slate-700 dark:text-slate-300">{def.reference}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
