/** Shared styling for controls and panels, so every part of the dashboard looks the same. */
import type { ReactNode } from 'react';

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50';

export const BUTTON = {
  primary: `${BUTTON_BASE} bg-slate-900 px-3.5 py-2 text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white`,
  accent: `${BUTTON_BASE} bg-sky-700 px-4 py-2.5 text-white shadow-sm hover:bg-sky-800 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400`,
  secondary: `${BUTTON_BASE} bg-white px-3 py-1.5 text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-800`,
  ghost: `${BUTTON_BASE} px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white`,
  danger: `${BUTTON_BASE} bg-white px-3 py-1.5 text-rose-700 ring-1 ring-rose-300 ring-inset hover:bg-rose-50 dark:bg-slate-900 dark:text-rose-300 dark:ring-rose-800 dark:hover:bg-rose-950`,
} as const;

export const INPUT =
  'block w-full min-w-0 rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-sky-600 focus:outline-none dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700 dark:placeholder:text-slate-500 dark:focus:ring-sky-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-rose-600 dark:aria-[invalid=true]:ring-rose-400';

export const LABEL = 'block text-xs font-medium text-slate-700 dark:text-slate-300';

export const PRE =
  'overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs leading-relaxed whitespace-pre text-slate-800 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-800';

export const MUTED = 'text-slate-600 dark:text-slate-400';

/** A small section heading inside a panel. */
export const H3 = `text-xs font-semibold tracking-wide uppercase ${MUTED}`;

export function Panel({
  title,
  actions,
  children,
  className = '',
  testId,
  headingId,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  headingId?: string;
}) {
  return (
    <section
      data-testid={testId}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800 ${className}`}
    >
      {title !== undefined || actions !== undefined ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          {title !== undefined ? (
            <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-50">
              {title}
            </h2>
          ) : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A form control with its label above it (the label names the control: `id` is the control's), a note muted after it. */
export function LabelledField({
  id,
  label,
  note,
  children,
}: {
  id: string;
  label: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
        {note === undefined ? null : (
          <>
            {' '}
            <span className={`font-normal ${MUTED}`}>{note}</span>
          </>
        )}
      </label>
      {children}
    </div>
  );
}

/** The state of a run at a glance: a spinner while it runs, then a coloured dot. */
export function StatusIndicator({ state }: { state: 'running' | 'ok' | 'cancelled' | 'failed' }) {
  if (state === 'running') {
    return (
      <span
        aria-hidden="true"
        className="size-4 shrink-0 animate-spin rounded-full border-2 border-sky-600 border-t-transparent dark:border-sky-400 dark:border-t-transparent"
      />
    );
  }
  const color = state === 'ok' ? 'bg-teal-500' : state === 'cancelled' ? 'bg-slate-400' : 'bg-rose-500';
  return <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${color}`} />;
}
