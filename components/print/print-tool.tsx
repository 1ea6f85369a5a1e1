/**
 * One tool on paper: its place in the risk order and why, its description (invisible characters
 * marked), its four hints (sent, effective, source) and its flags, each with what it found (what each
 * flag means is explained once, in the document's flag glossary). Kept on one page where it fits
 * (break-inside: avoid, globals.css).
 */
import { HINTS, type HintName } from '@/lib/core/annotations';
import { INFERRED_EFFECT_EXPLANATION, describeInferred } from '@/lib/core/signals/inferred-effect';
import { riskReason } from '@/lib/core/report/risk';
import type { ToolReport } from '@/lib/core/report/tool-report';
import { CLASS_LABELS } from '@/components/ui/badges';
import { formatCount } from '@/components/ui/display-format';
import { ANNOTATION_STATE, SOURCE_MEANING } from '@/components/risk-table/tool-details';
import { NO_DESCRIPTION } from '@/components/ui/quoted-description';
import { hasInvisibleCharacters, prettyJson, VisibleText } from '@/components/ui/visible-text';
import { PrintSeverity, PrintTable, type PrintColumn } from './print-parts';

function PrintHints({ tool }: { tool: ToolReport }) {
  const columns: PrintColumn<HintName>[] = [
    { heading: 'Hint', className: 'font-mono', cell: (hint) => hint },
    {
      heading: 'Sent',
      className: 'font-mono [overflow-wrap:anywhere]',
      cell: (hint) => {
        const { sent } = tool.effective[hint];
        return sent === undefined ? (
          <span className="whitespace-nowrap">(not sent)</span>
        ) : (
          <VisibleText text={prettyJson(sent)} controls />
        );
      },
    },
    {
      heading: 'Effective',
      className: 'font-mono',
      cell: (hint) => {
        const { value, source } = tool.effective[hint];
        return source === 'not-applicable' ? 'n/a' : String(value);
      },
    },
    { heading: 'Source', cell: (hint) => SOURCE_MEANING[tool.effective[hint].source] },
  ];
  return <PrintTable columns={columns} items={HINTS} rowKey={(hint) => hint} pad="py-px" className="leading-tight" />;
}

function PrintFlags({ tool }: { tool: ToolReport }) {
  if (tool.flags.length === 0) {
    return <p>No flags. That is what the server claims, not a verdict: read what the tool does.</p>;
  }
  return (
    <ul className="space-y-0.5">
      {tool.flags.map((flag, i) => (
        // A tool's flags are a fixed list in report order.
        <li key={`${flag.id}-${i}`} data-print-flag={flag.id}>
          <PrintSeverity severity={flag.severity} /> <span className="font-mono">{flag.id}</span>:{' '}
          <VisibleText text={flag.message} />
        </li>
      ))}
    </ul>
  );
}

export function PrintTool({ tool, total }: { tool: ToolReport; total: number }) {
  const { description } = tool;
  return (
    <section data-print-tool={tool.name} className="print-block border-t border-slate-400 pt-1.5 pb-2">
      <h3 className="text-[11pt] font-semibold break-all">
        Tool {tool.risk.rank} of {total}: <VisibleText text={tool.name} controls />
      </h3>
      <p className="text-[8.5pt] text-slate-700">
        {tool.displayName !== tool.name ? (
          <>
            Title: <VisibleText text={tool.displayName} controls /> ·{' '}
          </>
        ) : null}
        {CLASS_LABELS[tool.class]} · {ANNOTATION_STATE[tool.annotationState]} · {formatCount(tool.bytes)} bytes · listed
        #{tool.index + 1} on page {tool.page}
      </p>
      <p className="mt-0.5 text-[8.5pt]">
        Why it ranks here (score {tool.risk.score}): {riskReason(tool.risk)}.
      </p>
      <h4 className="mt-1 text-[8pt] font-semibold tracking-wide uppercase">Description</h4>
      {description === null ? (
        <p className="italic">{NO_DESCRIPTION}</p>
      ) : (
        <>
          <p className="break-words whitespace-pre-wrap">
            <VisibleText text={description} />
          </p>
          {hasInvisibleCharacters(description) ? (
            <p className="text-[8.5pt] font-semibold">
              Contains invisible characters, marked above as U+ code points: an agent reads them, a person does not see
              them.
            </p>
          ) : null}
        </>
      )}
      <div className="mt-1.5 grid grid-cols-[3fr_2fr] gap-x-4">
        <div className="min-w-0">
          <h4 className="text-[8pt] font-semibold tracking-wide uppercase">Hints</h4>
          <PrintHints tool={tool} />
          {tool.risk.inferred === undefined ? null : (
            <p className="mt-0.5 text-[8pt]">
              {INFERRED_EFFECT_EXPLANATION.title}, not declared: {describeInferred(tool.risk.inferred)}.
            </p>
          )}
        </div>
        <div className="min-w-0 text-[8.5pt]">
          <h4 className="text-[8pt] font-semibold tracking-wide uppercase">
            {tool.flags.length === 0 ? 'Flags: none' : `Flags (${tool.flags.length})`}
          </h4>
          <PrintFlags tool={tool} />
        </div>
      </div>
    </section>
  );
}
