/**
 * The pieces of a fetched document as shown: a collapsible card with tags and where it came from,
 * the JSON body pretty-printed (or the start of a non-JSON body as text), and a "missing" line.
 */
import type { ReactNode } from 'react';
import { MUTED, PRE } from '@/components/ui/styles';
import { prettyJson, VisibleText } from '@/components/ui/visible-text';

export function Tag({ tone, children }: { tone: 'good' | 'warn' | 'none'; children: ReactNode }) {
  const style = {
    good: 'bg-teal-50 text-teal-800 ring-teal-600/30 dark:bg-teal-950 dark:text-teal-200 dark:ring-teal-400/30',
    warn: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-500/50',
    none: 'bg-slate-100 text-slate-700 ring-slate-400/50 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-500/50',
  }[tone];
  return (
    <span
      className={`inline-block rounded px-1.5 py-px text-[0.65rem] font-semibold tracking-wide whitespace-nowrap uppercase ring-1 ring-inset ${style}`}
    >
      {children}
    </span>
  );
}

export function DocumentCard({
  title,
  tags,
  location,
  testId,
  className = '',
  children,
}: {
  title: string;
  tags?: ReactNode;
  /** Where the document came from: URLs in monospace, or a phrase. */
  location: { url: ReactNode } | { text: string };
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details
      open
      data-testid={testId}
      className={`group min-w-0 rounded-lg ${className} bg-white ring-1 ring-slate-200 ring-inset dark:bg-slate-900 dark:ring-slate-800`}
    >
      <summary className="flex cursor-pointer list-none items-start gap-2 rounded-lg px-3 py-2.5 select-none hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className={`mt-0.5 inline-block w-3 text-xs transition-transform group-open:rotate-90 ${MUTED}`}
        >
          ▶
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm font-medium text-slate-900 dark:text-slate-50">{title}</span>
            {tags}
          </span>
          {'url' in location ? (
            <span className={`mt-0.5 block font-mono text-xs break-all ${MUTED}`}>{location.url}</span>
          ) : (
            <span className={`mt-0.5 block text-xs ${MUTED}`}>{location.text}</span>
          )}
        </span>
      </summary>
      <div className="min-w-0 px-3 pb-3">{children}</div>
    </details>
  );
}

export function JsonDocument({ document, testId, label }: { document: unknown; testId: string; label: string }) {
  if (typeof document === 'string') {
    return (
      <>
        <p className={`mb-1.5 text-xs ${MUTED}`}>Not a JSON object: the start of the body as sent.</p>
        <pre
          data-testid={testId}
          tabIndex={0}
          aria-label={label}
          className={`${PRE} max-h-80 break-all whitespace-pre-wrap`}
        >
          <VisibleText text={document} />
        </pre>
      </>
    );
  }
  return (
    <pre data-testid={testId} tabIndex={0} aria-label={label} className={`${PRE} max-h-80`}>
      {prettyJson(document)}
    </pre>
  );
}

export function Missing({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p data-testid={testId} className={`text-sm italic ${MUTED}`}>
      {children}
    </p>
  );
}
