/**
 * Small visual vocabulary shared by the summary, the table and the details: the tool class, flag
 * badges coloured by severity, and hint chips whose style says where the value came from.
 */
import type { ReactNode } from 'react';
import { isRiskyValue, type HintName, type HintSource, type ToolClass } from '@/lib/core/annotations';
import type { Severity } from '@/lib/core/severity';
import type { ToolReport } from '@/lib/core/report/tool-report';
import { markedText } from './visible-text';

type Flag = ToolReport['flags'][number];

export const CLASS_LABELS: Record<ToolClass, string> = {
  'read-only': 'Read-only',
  'additive-write': 'Additive write',
  'destructive-write': 'Destructive write',
};

/** Swatch colours of the three classes (chart segments, legend, badges' dot). */
export const CLASS_SWATCH: Record<ToolClass, string> = {
  'read-only': 'bg-teal-600 dark:bg-teal-500',
  'additive-write': 'bg-amber-500 dark:bg-amber-400',
  'destructive-write': 'bg-rose-600 dark:bg-rose-500',
};

const CLASS_BADGE: Record<ToolClass, string> = {
  'read-only': 'bg-teal-50 text-teal-800 ring-teal-600/30 dark:bg-teal-950 dark:text-teal-200 dark:ring-teal-400/30',
  'additive-write':
    'bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
  'destructive-write':
    'bg-rose-50 text-rose-800 ring-rose-600/30 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-400/30',
};

export function ClassBadge({ value }: { value: ToolClass }) {
  return (
    <span
      data-class={value}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${CLASS_BADGE[value]}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${CLASS_SWATCH[value]}`} />
      {CLASS_LABELS[value]}
    </span>
  );
}

export const SEVERITY_BADGE: Record<Severity, string> = {
  critical:
    'bg-fuchsia-700 text-white ring-fuchsia-900/60 dark:bg-fuchsia-600 dark:text-white dark:ring-fuchsia-300/60',
  high: 'bg-rose-100 text-rose-900 ring-rose-600/40 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-500/50',
  medium: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-500/50',
  low: 'bg-sky-100 text-sky-900 ring-sky-600/40 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-500/50',
  info: 'bg-slate-100 text-slate-700 ring-slate-400/50 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-500/50',
};

export function SeverityLabel({ severity }: { severity: Severity }) {
  return (
    <span
      className={`inline-block rounded px-1.5 py-px text-[0.65rem] font-semibold tracking-wide uppercase ring-1 ring-inset ${SEVERITY_BADGE[severity]}`}
    >
      {severity}
    </span>
  );
}

export function FlagBadge({ flag }: { flag: Flag }) {
  return (
    <span
      data-flag-id={flag.id}
      data-severity={flag.severity}
      title={`${flag.severity}: ${markedText(flag.message)}`}
      className={`inline-block max-w-full rounded px-1.5 py-px font-mono text-[0.7rem] leading-4 [overflow-wrap:anywhere] ring-1 ring-inset ${SEVERITY_BADGE[flag.severity]}`}
    >
      <span className="sr-only">{flag.severity} severity: </span>
      {flag.id}
    </span>
  );
}

export const SOURCE_LABELS: Record<HintSource, string> = {
  declared: 'declared',
  default: 'default',
  'not-applicable': 'not applicable',
  malformed: 'malformed',
};

const CHIP_BASE = 'inline-flex h-5 items-center rounded px-1.5 font-mono text-[0.7rem] font-medium leading-none';

/** A value as sent, for a chip's "sent" note: true/false, else short JSON. */
function sentText(sent: unknown): string {
  if (typeof sent === 'boolean') return String(sent);
  const json = JSON.stringify(sent);
  return json.length > 12 ? `${json.slice(0, 11)}…` : json;
}

/**
 * One effective hint, with the value as sent beside it whenever the two differ. declared: solid
 * chip, rose when the declared value is on the risky side (readOnlyHint false, destructiveHint
 * true, idempotentHint false, openWorldHint true), teal when on the safe side; default: dashed
 * outline with "default"; not applicable: "n/a"; malformed: red striped chip with "malformed".
 * The whole reading is one text for assistive technology (no aria-label on a plain span).
 * Long because: one four-way choice of chip by the hint's source, then the markup around it.
 */
export function HintChip({
  hint,
  value,
  source,
  sent,
}: {
  hint: HintName;
  value: boolean;
  source: HintSource;
  /** The raw value as sent, when the key was present. */
  sent?: unknown;
}) {
  const text = String(value);
  const sentDiffers = sent !== undefined && (source === 'not-applicable' || source === 'malformed' || sent !== value);
  const spoken = `${hint}: ${source === 'not-applicable' ? 'not applicable' : `${text} (${SOURCE_LABELS[source]})`}${
    sentDiffers ? `, sent ${sentText(sent)}` : ''
  }`;
  let chip: ReactNode;
  let note: string | null = null;
  let title: string;
  if (source === 'not-applicable') {
    chip = <span className={`${CHIP_BASE} text-slate-600 dark:text-slate-300`}>n/a</span>;
    title = 'Not applicable: only meaningful when readOnlyHint is false';
  } else if (source === 'declared') {
    const risky = isRiskyValue(hint, value);
    chip = (
      <span
        data-risky={risky}
        className={`${CHIP_BASE} ${
          risky
            ? 'bg-rose-700 text-white dark:bg-rose-300 dark:text-rose-950'
            : 'bg-teal-800 text-white dark:bg-teal-200 dark:text-teal-950'
        }`}
      >
        {text}
      </span>
    );
    title = `Declared by the server (${risky ? 'the riskier value' : 'the safer value'})`;
  } else if (source === 'default') {
    chip = (
      <span
        className={`${CHIP_BASE} border border-dashed border-slate-500 text-slate-800 dark:border-slate-400 dark:text-slate-200`}
      >
        {text}
      </span>
    );
    note = 'default';
    title = 'Not sent: the spec default applies';
  } else {
    chip = (
      <span
        className={`${CHIP_BASE} stripes-malformed text-rose-900 ring-1 ring-rose-500 ring-inset dark:text-rose-100`}
      >
        {text}
      </span>
    );
    note = 'malformed';
    title = 'Sent, but not a boolean: the default applies';
  }
  return (
    <span
      data-source={source}
      data-value={text}
      data-sent={sent === undefined ? undefined : sentText(sent)}
      title={sentDiffers ? `${title}. Sent: ${sentText(sent)}` : title}
      className="inline-flex flex-wrap items-center gap-1 whitespace-nowrap"
    >
      <span className="sr-only">{spoken}</span>
      <span aria-hidden="true" className="inline-flex flex-wrap items-center gap-x-1 gap-y-0.5">
        {chip}
        {note !== null ? (
          <span
            className={`text-[0.65rem] ${note === 'malformed' ? 'font-medium text-rose-800 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {note}
          </span>
        ) : null}
        {sentDiffers ? (
          <span data-testid="hint-sent" className="text-[0.65rem] text-slate-700 dark:text-slate-200">
            sent <code className="font-mono font-semibold">{sentText(sent)}</code>
          </span>
        ) : null}
      </span>
    </span>
  );
}
