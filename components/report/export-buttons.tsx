'use client';

/**
 * Downloads of the report: CSV (reportToCsv, the same rows as the CLI's --format csv), the
 * whole report as pretty JSON (the same shape as the CLI's --json), and Save as PDF: the browser's
 * print of the review document (components/print), where "Save as PDF" is a destination.
 */
import { reportToCsv } from '@/lib/core/csv/tools';
import type { Report } from '@/lib/core/report/report';
import { reportJson } from '@/lib/core/report/json';
import { csv } from '@/lib/cli/formats/csv';
import { json } from '@/lib/cli/formats/json';
import { DownloadButton } from '@/components/ui/download-button';
import { downloadName } from '@/components/ui/download-names';
import { BUTTON } from '@/components/ui/styles';

export function ExportButtons({ report }: { report: Report }) {
  return (
    <div className="flex flex-wrap gap-2">
      <DownloadButton testId="export-csv" file={() => [reportToCsv(report), csv, downloadName(report, csv)]}>
        Download all ({report.tools.length}) as CSV
      </DownloadButton>
      <DownloadButton testId="export-json" file={() => [reportJson(report), json, downloadName(report, json)]}>
        Download report as JSON
      </DownloadButton>
      <button
        type="button"
        data-testid="export-pdf"
        className={BUTTON.secondary}
        title="Opens the print dialog with the review document: choose Save as PDF as the destination"
        onClick={() => {
          window.print();
        }}
      >
        Save as PDF
      </button>
    </div>
  );
}
