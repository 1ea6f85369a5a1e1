/**
 * The small pieces of the printed review document: a severity word, a section with its heading, a
 * fact line, a small table, the lists of problems and server-wide findings, and what each hint and each
 * flag found means (once, HINT_DEFINITIONS and FLAG_DEFINITIONS). Black on white, no controls.
 */
import type { ReactNode } from 'react';
import { HINTS, HINT_DEFINITIONS } from '@/lib/core/annotations';
import { FLAG_DEFINITIONS } from '@/lib/core/flags/catalogue';
import type { Severity } from '@/lib/core/severity';
import type { Report } from '@/lib/core/report/report';
import { VisibleText } from '@/components/ui/visible-text';

export function PrintSeverity({ severity }: { severity: Severity }) {
  return <span className="rounded-sm px-1 text-[7.5pt] font-bold uppercase ring-1 ring-slate-500">{severity}</span>;
}

/** A section of the document; `block` keeps it on one page where it fits. */
export function PrintSection({
  title,
  children,
  block = true,
}: {
  title: string;
  children: ReactNode;
  block?: boolean;
}) {
  return (
    <section className={`${block ? 'print-block ' : ''}mt-4`}>
      <h2 className="print-heading mb-1 border-b border-slate-500 text-[12pt] font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function PrintFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-x-2">
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A column of a PrintTable: its heading, its cells' own classes and what a cell shows. */
export interface PrintColumn<T> {
  heading: string;
  className?: string;
  cell: (item: T) => ReactNode;
}

/** A small table: a heading row, then a row per item; `pad` is every cell's vertical padding. */
export function PrintTable<T>({
  columns,
  items,
  rowKey,
  pad,
  className,
}: {
  columns: readonly PrintColumn<T>[];
  items: readonly T[];
  rowKey: (item: T, index: number) => string | number;
  pad: 'py-px' | 'py-0.5';
  className: string;
}) {
  // Every cell but the last keeps a gap to its right.
  const padding = (i: number): string => (i < columns.length - 1 ? `${pad} pr-2` : pad);
  return (
    <table className={`w-full border-collapse text-left text-[8pt] ${className}`}>
      <thead>
        <tr className="border-b border-slate-400">
          {columns.map((column, i) => (
            <th key={column.heading} className={`${padding(i)} font-semibold`}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={rowKey(item, index)} className="border-b border-slate-200 align-top">
            {columns.map((column, i) => (
              <td
                key={column.heading}
                className={column.className === undefined ? padding(i) : `${padding(i)} ${column.className}`}
              >
                {column.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PrintProblems({ report }: { report: Report }) {
  const problems = [
    ...report.errors.map((problem) => ({ ...problem, level: 'error' })),
    ...report.warnings.map((problem) => ({ ...problem, level: 'warning' })),
  ];
  if (problems.length === 0) return null;
  return (
    <PrintSection title={`Problems (${problems.length})`}>
      <ul className="space-y-1">
        {problems.map((problem, i) => (
          // Problems are listed in report order and never reordered.
          <li key={i}>
            <span className="font-semibold uppercase">{problem.level}</span>{' '}
            <span className="font-mono">{problem.code}</span>: <VisibleText text={problem.message} />
            {problem.hint !== undefined ? (
              <span className="block pl-4 text-slate-700">
                <VisibleText text={problem.hint} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </PrintSection>
  );
}

/** Findings about the server as a whole (instructions, prompts, resources), with their meaning. */
export function PrintServerFindings({ report }: { report: Report }) {
  const findings = report.surface?.findings ?? [];
  const instructionFlags = report.surface?.instructions?.flags ?? [];
  const all = [...instructionFlags.map((flag) => ({ ...flag, subject: 'instructions' })), ...findings];
  if (all.length === 0) return null;
  return (
    <PrintSection title={`Server-wide findings (${all.length})`}>
      <ul className="space-y-1">
        {all.map((flag, i) => (
          // Findings are listed in report order and never reordered.
          <li key={`${flag.id}-${i}`} className="print-block">
            <p>
              <PrintSeverity severity={flag.severity} /> <span className="font-mono">{flag.id}</span> (
              <VisibleText text={flag.subject} controls />
              ): <VisibleText text={flag.message} />
            </p>
          </li>
        ))}
      </ul>
    </PrintSection>
  );
}

/** What each hint means, with its default and what it does not tell you. */
export function PrintHintGlossary() {
  return (
    <PrintSection title="What the hints mean">
      <dl className="space-y-1 text-[8.5pt]">
        {HINTS.map((hint) => {
          const def = HINT_DEFINITIONS[hint];
          return (
            <div key={hint}>
              <dt>
                <span className="font-mono font-semibold">{hint}</span>: {def.label}
              </dt>
              <dd className="pl-4">
                {def.meaning} Default: {String(def.defaultValue)}
                {def.appliesWhen !== null ? ` (meaningful only when ${def.appliesWhen})` : ''}. Does not tell you:{' '}
                {def.doesNotTell}
              </dd>
            </div>
          );
        })}
      </dl>
    </PrintSection>
  );
}

/** What each flag in the report means, once: title, meaning, default, what it does not tell you, reference. */
export function PrintFlagGlossary({ report }: { report: Report }) {
  const ids = [
    ...new Set([
      ...report.tools.flatMap((tool) => tool.flags.map((flag) => flag.id)),
      ...(report.surface?.instructions?.flags ?? []).map((flag) => flag.id),
      ...(report.surface?.findings ?? []).map((flag) => flag.id),
    ]),
  ];
  if (ids.length === 0) return null;
  return (
    <PrintSection title={`What the flags mean (${ids.length})`} block={false}>
      <dl className="space-y-1.5 text-[8.5pt]">
        {ids.map((id) => {
          const def = FLAG_DEFINITIONS[id];
          return (
            <div key={id} className="print-block">
              <dt>
                <span className="font-mono font-semibold">{id}</span>: {def.title}
              </dt>
              <dd className="pl-4">
                {def.meaning}
                {def.default !== null ? ` Default: ${def.default}.` : ''} Does not tell you: {def.doesNotTell}{' '}
                <span className="text-slate-700">({def.reference})</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </PrintSection>
  );
}
