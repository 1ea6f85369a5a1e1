/**
 * One tool in full: why it ranks where it does, its flags with their explanations
 * (FLAG_DEFINITIONS), its hints as a table (sent, effective, source, meaning) with the raw JSON
 * folded below, the description as plain text, its behaviour in the sandbox (when exercised) and the input schema.
 */
import type { ReactNode } from 'react';
import { HINT_DEFINITIONS, HINTS, type HintSource } from '@/lib/core/annotations';
import { riskReason } from '@/lib/core/report/risk';
import { RiskOrderLink } from '@/components/risk-table/glossary';
import type { ToolReport } from '@/lib/core/report/tool-report';
import { ClassBadge } from '@/components/ui/badges';
import { FlagExplanation } from '@/components/ui/flag-explanation';
import { BehaviourPanel } from '@/components/exercise/behaviour-panel';
import { InferredEffectNote } from '@/components/risk-table/inferred-effect-note';
import { DisplayTemplateBlock } from './display-template-block';
import { formatCount } from '@/components/ui/display-format';
import { NO_DESCRIPTION } from '@/components/ui/quoted-description';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { MUTED, PRE } from '@/components/ui/styles';
import { hasInvisibleCharacters, prettyJson, VisibleText } from '@/components/ui/visible-text';

export const ANNOTATION_STATE: Record<ToolReport['annotationState'], string> = {
  unannotated: 'unannotated',
  partial: 'partially annotated',
  full: 'fully annotated',
};

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {title}
      </h4>
      {children}
    </div>
  );
}

export const SOURCE_MEANING: Record<HintSource, string> = {
  declared: 'declared by the server',
  default: 'not sent: the spec default applies',
  'not-applicable': 'not applicable: meaningful only when readOnlyHint is false',
  malformed: 'sent, but not a boolean: the default applies',
};

/**
 * The four hints as a table: what was sent, what applies, where it came from, what it means. Under
 * 640 px each hint is a card with its cells labelled (globals.css), so nothing scrolls or is cut.
 */
function HintTable({ tool }: { tool: ToolReport }) {
  const cell = 'py-1.5 pr-3';
  return (
    <table data-testid="hint-table" role="table" className="hint-table w-full text-left text-xs">
      <thead role="rowgroup" className="text-slate-700 dark:text-slate-300">
        <tr role="row" className="border-b border-slate-200 dark:border-slate-700">
          {['Hint', 'Sent', 'Effective', 'Source', 'Meaning'].map((label) => (
            <th key={label} scope="col" role="columnheader" className={`${cell} font-medium last:pr-0`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {HINTS.map((hint) => {
          const { value, source, sent } = tool.effective[hint];
          return (
            <tr
              key={hint}
              role="row"
              data-hint={hint}
              className="border-b border-slate-100 align-top dark:border-slate-800"
            >
              <th
                scope="row"
                role="rowheader"
                className={`${cell} font-mono font-medium text-slate-900 dark:text-slate-100`}
              >
                {hint}
              </th>
              <td
                role="cell"
                data-label="Sent"
                data-testid="hint-sent-value"
                className={`${cell} font-mono [overflow-wrap:anywhere]`}
              >
                {sent === undefined ? <span className={MUTED}>(not sent)</span> : prettyJson(sent)}
              </td>
              <td role="cell" data-label="Effective" className={`${cell} font-mono`}>
                {source === 'not-applicable' ? 'n/a' : String(value)}
              </td>
              <td role="cell" data-label="Source" className={cell}>
                {SOURCE_MEANING[source]}
              </td>
              <td role="cell" data-label="Meaning" className="py-1.5 text-slate-700 dark:text-slate-300">
                {HINT_DEFINITIONS[hint].meaning}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The tool's name, class and place, and why it ranks where it does. */
function ToolHeading({ tool }: { tool: ToolReport }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-base font-semibold break-words text-slate-900 dark:text-slate-50">
          <VisibleText text={tool.displayName} controls />
        </h3>
        <ClassBadge value={tool.class} />
        <span className={`text-xs ${MUTED}`}>
          {ANNOTATION_STATE[tool.annotationState]} · page {tool.page} · #{tool.index + 1} · {formatCount(tool.bytes)}{' '}
          bytes
        </span>
      </div>
      {tool.name !== tool.displayName ? (
        <p className={`-mt-3 font-mono text-xs [overflow-wrap:anywhere] ${MUTED}`}>
          name: <VisibleText text={tool.name} controls />
        </p>
      ) : null}

      <p data-testid="risk-reason" className="text-slate-700 dark:text-slate-300">
        <span className="font-medium">
          Rank #{tool.risk.rank} of the risk order (score {tool.risk.score}):{' '}
        </span>
        {riskReason(tool.risk)}. <RiskOrderLink />
      </p>
    </>
  );
}

/** The description as plain text and, when it hides characters, again with them shown. */
function DescriptionBlock({ description }: { description: string | null }) {
  const hiddenInDescription = description !== null && hasInvisibleCharacters(description);
  return (
    <Block title="Description">
      {description === null ? (
        <p data-testid="tool-description" className={`italic ${MUTED}`}>
          {NO_DESCRIPTION}
        </p>
      ) : (
        <>
          <ScrollRegion
            as="p"
            label="Description"
            testId="tool-description"
            className="max-h-72 overflow-auto rounded-md bg-slate-50 p-3 break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-800"
          >
            {description}
          </ScrollRegion>
          {hiddenInDescription ? (
            <div className="mt-2">
              <p className="mb-1 text-xs font-medium text-rose-700 dark:text-rose-300">
                Contains invisible characters. The same text with them shown:
              </p>
              <ScrollRegion
                as="p"
                label="Description with invisible characters shown"
                testId="tool-description-visible"
                className="max-h-72 overflow-auto rounded-md bg-rose-50/60 p-3 break-words whitespace-pre-wrap text-slate-800 ring-1 ring-rose-200 ring-inset dark:bg-rose-950/30 dark:text-slate-200 dark:ring-rose-900"
              >
                <VisibleText text={description} />
              </ScrollRegion>
            </div>
          ) : null}
        </>
      )}
    </Block>
  );
}

/** The hint table, the inferred effect, and the raw JSON folded below. */
function HintsBlock({ tool }: { tool: ToolReport }) {
  return (
    <Block title="Hints: sent and effective">
      <HintTable tool={tool} />
      {tool.risk.inferred === undefined ? null : <InferredEffectNote inferred={tool.risk.inferred} />}
      <details className="mt-2">
        <summary className="cursor-pointer text-xs font-medium text-slate-700 dark:text-slate-300">
          Raw JSON: annotations as sent, effective hints
        </summary>
        <ScrollRegion as="pre" label="Annotations as sent" testId="raw-annotations" className={`${PRE} mt-2 max-h-64`}>
          {tool.annotations === undefined
            ? '(absent: the server sent no annotations key)'
            : prettyJson(tool.annotations)}
        </ScrollRegion>
        <ScrollRegion
          as="pre"
          label="Effective hints"
          testId="effective-annotations"
          className={`${PRE} mt-2 max-h-64`}
        >
          {prettyJson(tool.effective)}
        </ScrollRegion>
      </details>
    </Block>
  );
}

function FlagsBlock({ flags }: { flags: ToolReport['flags'] }) {
  return (
    <Block title={flags.length === 0 ? 'Flags: none' : `Flags (${flags.length})`}>
      {flags.length === 0 ? (
        <p className={MUTED}>No flags. That is what the server claims, not a verdict: read what the tool does.</p>
      ) : (
        <ul className="space-y-2.5">
          {flags.map((flag, i) => (
            // A tool's flags are a fixed list in report order.
            <FlagExplanation key={`${flag.id}-${i}`} flag={flag} testId="flag-explanation" />
          ))}
        </ul>
      )}
    </Block>
  );
}

export function ToolDetails({ tool }: { tool: ToolReport }) {
  return (
    <div data-testid="tool-details" data-tool-name={tool.name} className="space-y-5 text-sm">
      <ToolHeading tool={tool} />
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="min-w-0 space-y-5">
          <DescriptionBlock description={tool.description} />
          <DisplayTemplateBlock tool={tool} />
          <HintsBlock tool={tool} />
        </div>
        <div className="min-w-0">
          <FlagsBlock flags={tool.flags} />
        </div>
      </div>
      {tool.behaviour !== undefined ? (
        <Block title="Behaviour in the sandbox">
          <BehaviourPanel behaviour={tool.behaviour} />
        </Block>
      ) : null}
      <Block title="Input schema">
        <ScrollRegion as="pre" label="Input schema" testId="input-schema" className={`${PRE} max-h-96`}>
          {tool.inputSchema === undefined ? '(absent: the server sent no inputSchema)' : prettyJson(tool.inputSchema)}
        </ScrollRegion>
      </Block>
    </div>
  );
}
