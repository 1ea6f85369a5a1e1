/**
 * One flag with its explanation from the one flag catalogue: its badge and title, the message about
 * this case (invisible characters marked), what it means, the default that applies, what it does
 * not tell you, the reference. Used for tools (tool details) and for the rest of the surface.
 */
import { FLAG_DEFINITIONS, type Flag } from '@/lib/core/flags/catalogue';
import { FlagBadge } from './badges';
import { MUTED } from './styles';
import { VisibleText } from './visible-text';

export function FlagExplanation({ flag, testId }: { flag: Flag; testId: string }) {
  const def = FLAG_DEFINITIONS[flag.id];
  return (
    <li
      data-testid={testId}
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
        {def.default !== null ? (
          <>
            <dt className={`font-medium ${MUTED}`}>Default</dt>
            <dd className="text-slate-700 dark:text-slate-300">{def.default}</dd>
          </>
        ) : null}
        <dt className={`font-medium ${MUTED}`}>Does not tell you</dt>
        <dd className="text-slate-700 dark:text-slate-300">{def.doesNotTell}</dd>
        <dt className={`font-medium ${MUTED}`}>Reference</dt>
        <dd className={MUTED}>{def.reference}</dd>
      </dl>
    </li>
  );
}
