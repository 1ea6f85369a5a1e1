'use client';

/**
 * The four hints explained (HINT_DEFINITIONS: the spec's meaning, its default, what it does not
 * tell you), and the four sources of an effective value, in a modal dialog opened from the table.
 * The risk order is explained here once; each tool's details link to it (RiskOrderLink, issue 49).
 */
import { useRef } from 'react';
import { HINTS, HINT_DEFINITIONS } from '@/lib/core/annotations';
import { RISK_RULE } from '@/lib/core/report/risk';
import { INFERRED_EFFECT_EXPLANATION } from '@/lib/core/signals/inferred-effect';
import { HintChip } from '@/components/ui/badges';
import { BUTTON, MUTED } from '@/components/ui/styles';

export function SourceLegend() {
  return (
    <ul data-testid="source-legend" className={`flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs ${MUTED}`}>
      <li className="inline-flex items-center gap-1.5">
        <HintChip hint="readOnlyHint" value={true} source="declared" /> declared, safer value
      </li>
      <li className="inline-flex items-center gap-1.5">
        <HintChip hint="destructiveHint" value={true} source="declared" /> declared, riskier value
      </li>
      <li className="inline-flex items-center gap-1.5">
        <HintChip hint="readOnlyHint" value={false} source="default" /> not sent: spec default
      </li>
      <li className="inline-flex items-center gap-1.5">
        <HintChip hint="destructiveHint" value={false} source="not-applicable" /> meaningless for a read-only tool
      </li>
      <li className="inline-flex items-center gap-1.5">
        <HintChip hint="destructiveHint" value={false} source="not-applicable" sent={true} /> what was sent, where it
        differs
      </li>
      <li className="inline-flex items-center gap-1.5">
        <HintChip hint="readOnlyHint" value={false} source="malformed" /> sent, not a boolean: default applies
      </li>
    </ul>
  );
}

/** Each hint: its meaning, its default, what it does not tell you (HINT_DEFINITIONS). */
function HintDefinitions() {
  return (
    <dl className="space-y-4">
      {HINTS.map((hint) => {
        const def = HINT_DEFINITIONS[hint];
        return (
          <div
            key={hint}
            data-hint={hint}
            className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800"
          >
            <dt className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold text-slate-900 dark:text-slate-50">{def.name}</code>
              <span className={`text-xs ${MUTED}`}>{def.label}</span>
            </dt>
            <dd className="mt-1.5 grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-x-3">
              <span className={`text-xs font-medium ${MUTED}`}>Meaning</span>
              <span>{def.meaning}</span>
              <span className={`text-xs font-medium ${MUTED}`}>Default</span>
              <span>
                <code className="font-mono">{String(def.defaultValue)}</code>
                {def.appliesWhen !== null ? ` (meaningful only when ${def.appliesWhen})` : null}
              </span>
              <span className={`text-xs font-medium ${MUTED}`}>Does not tell you</span>
              <span>{def.doesNotTell}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

const GLOSSARY_ID = 'hint-glossary';

/** Opens the glossary (mounted with the table's toolbar) at its risk-order note. */
export function RiskOrderLink() {
  return (
    <button
      type="button"
      data-testid="risk-order-link"
      className="text-sky-800 underline underline-offset-2 hover:text-sky-950 dark:text-sky-300 dark:hover:text-sky-100"
      aria-haspopup="dialog"
      onClick={() => {
        const dialog = document.getElementById(GLOSSARY_ID);
        if (!(dialog instanceof HTMLDialogElement)) return;
        dialog.showModal();
        dialog.querySelector('[data-testid="glossary-risk"]')?.scrollIntoView({ block: 'start' });
      }}
    >
      How the risk order works
    </button>
  );
}

/** The risk order (RISK_RULE) and the inferred effect explained. */
function RiskRuleNote() {
  return (
    <div
      data-testid="glossary-risk"
      className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:ring-slate-800"
    >
      <h3 className="mb-1.5 text-sm font-semibold text-slate-900 dark:text-slate-50">{RISK_RULE.title}</h3>
      <p>{RISK_RULE.summary}</p>
      <p className="mt-1.5">{RISK_RULE.score}</p>
      <p className="mt-1.5">
        <span className={`text-xs font-medium ${MUTED}`}>Does not tell you: </span>
        {RISK_RULE.doesNotTell}
      </p>
      <p data-testid="glossary-inferred" className="mt-1.5">
        <span className="font-medium">{INFERRED_EFFECT_EXPLANATION.title}: </span>
        {INFERRED_EFFECT_EXPLANATION.meaning}{' '}
        <span className={`text-xs font-medium ${MUTED}`}>Does not tell you: </span>
        {INFERRED_EFFECT_EXPLANATION.doesNotTell}
      </p>
    </div>
  );
}

export function Glossary() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        data-testid="open-glossary"
        className={BUTTON.secondary}
        aria-haspopup="dialog"
        onClick={() => {
          dialog.current?.showModal();
        }}
      >
        What do the hints and the risk order mean?
      </button>
      <dialog
        ref={dialog}
        id={GLOSSARY_ID}
        data-testid="glossary"
        aria-labelledby="glossary-title"
        className="m-auto w-[min(44rem,calc(100vw-2rem))] backdrop:bg-slate-950/50 max-h-[calc(100vh-2rem)] overflow-auto rounded-xl bg-white p-0 text-slate-800 shadow-2xl ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700"
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        <div className="sticky top-0 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900">
          <h2 id="glossary-title" className="text-base font-semibold text-slate-900 dark:text-slate-50">
            What the hints and the risk order mean
          </h2>
          <button
            type="button"
            data-testid="close-glossary"
            className={BUTTON.ghost}
            onClick={() => {
              dialog.current?.close();
            }}
          >
            Close
          </button>
        </div>
        <div className="space-y-5 px-5 py-4 text-sm">
          <p>
            Annotations are hints a server gives about itself; nothing verifies them. The spec tells clients to treat
            annotations from servers they do not already trust as untrusted. Each hint answers one narrow question,
            never &ldquo;could this hurt me&rdquo;.
          </p>
          <HintDefinitions />
          <RiskRuleNote />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-50">Where a value comes from</h3>
            <SourceLegend />
          </div>
          <p className={`text-xs ${MUTED}`}>
            A tool with no annotations is, per the spec defaults, a destructive, open-world write. Additive is not
            harmless, and silence is not safety.
          </p>
        </div>
      </dialog>
    </>
  );
}
