'use client';

/**
 * The review document a printed report (or "Save as PDF") is: the same Report as the screen, laid out
 * for paper. It is a direct child of <body> (a portal), hidden on screen; on paper it is all that
 * prints (globals.css hides every other child of <body>), so no form, button, History panel or other
 * server reaches the page. Always in the DOM while a report is shown, so it prints whole with no
 * script at print time: every tool, whatever the window size (the screen's table is virtualized).
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { Report } from '@/lib/core/report/report';
import { PrintApps } from './print-apps';
import { PrintExercise } from './print-exercise';
import { PrintOAuth } from './print-oauth';
import { PrintFlagGlossary, PrintHintGlossary, PrintProblems, PrintSection, PrintServerFindings } from './print-parts';
import { PrintHeader, PrintReadFirst, PrintSummary } from './print-summary';
import { PrintTool } from './print-tool';
import { VisibleText } from '@/components/ui/visible-text';

const noSubscription = (): (() => void) => () => undefined;

/** The body once mounted in a browser; null while rendered on the server. */
function useBody(): HTMLElement | null {
  return useSyncExternalStore(
    noSubscription,
    () => document.body,
    () => null,
  );
}

export function PrintDocument({ report, source }: { report: Report; source?: string }) {
  const body = useBody();
  if (body === null) return null;
  const tools = [...report.tools].sort((a, b) => a.risk.rank - b.risk.rank);
  const instructions = report.server?.instructions ?? null;
  return createPortal(
    <article data-testid="print-document" className="print-document text-[9.5pt] leading-snug">
      <PrintHeader report={report} source={source} />
      <PrintReadFirst report={report} />
      <PrintProblems report={report} />
      <PrintSummary report={report} />
      <PrintOAuth report={report} />
      <PrintServerFindings report={report} />
      <PrintExercise report={report} />
      <PrintApps report={report} />
      {instructions !== null ? (
        <PrintSection title="Instructions the server sends">
          <p className="break-words whitespace-pre-wrap">
            <VisibleText text={instructions} />
          </p>
        </PrintSection>
      ) : null}
      <PrintSection title={`Tools in risk order (${tools.length})`} block={false}>
        {tools.length === 0 ? <p>The server listed no tools.</p> : null}
        {tools.map((tool) => (
          <PrintTool key={tool.index} tool={tool} total={tools.length} />
        ))}
      </PrintSection>
      <PrintHintGlossary />
      <PrintFlagGlossary report={report} />
    </article>,
    body,
  );
}
