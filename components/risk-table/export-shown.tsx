'use client';

/** "Download shown (CSV)": the rows the filtered table shows, in risk order; the file name says it is filtered. */
import { reportToCsv } from '@/lib/core/csv/tools';
import type { Report } from '@/lib/core/report/report';
import type { ToolReport } from '@/lib/core/report/tool-report';
import { csv } from '@/lib/cli/formats/csv';
import { download } from '@/components/ui/download';
import { downloadName } from '@/components/ui/download-names';
import { BUTTON } from '@/components/ui/styles';

export function ExportShown({ report, tools }: { report: Report; tools: readonly ToolReport[] }) {
  return (
    <button
      type="button"
      data-testid="export-csv-shown"
      className={BUTTON.secondary}
      onClick={() => {
        download(reportToCsv(report, { tools }), csv, downloadName(report, csv, 'filtered'));
      }}
    >
      Download shown ({tools.length}) as CSV
    </button>
  );
}
