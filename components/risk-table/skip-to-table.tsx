'use client';

/**
 * "Skip to the tools table": the first Tab stop after a report's heading, hidden until focused. It
 * moves focus to the table's row that takes Tab (the first row), or to the table when no row is shown,
 * past the exports, Read first, the summary and the table's filters.
 */
import type { MouseEvent } from 'react';

/** The risk table's section id: the skip link's target. */
export const TOOL_TABLE_ID = 'tool-table';

function focusTable(event: MouseEvent<HTMLAnchorElement>): void {
  const table = document.getElementById(TOOL_TABLE_ID);
  if (table === null) return;
  event.preventDefault();
  const row = table.querySelector<HTMLElement>('[data-testid="row-expand"][tabindex="0"]');
  (row ?? table).focus();
}

export function SkipToTable() {
  return (
    <a
      href={`#${TOOL_TABLE_ID}`}
      data-testid="skip-to-table"
      data-print="hide"
      onClick={focusTable}
      className="sr-only rounded-md bg-sky-700 text-sm font-medium text-white shadow-sm focus:not-sr-only focus:absolute focus:px-3 focus:py-1.5 focus:z-20 focus:mt-1 focus:inline-block focus:outline-2 focus:outline-offset-2 focus:outline-sky-600 dark:bg-sky-500 dark:text-slate-950"
    >
      Skip to the tools table
    </a>
  );
}
