'use client';

/**
 * Downloads of the report: CSV (reportToCsv, the same rows as the CLI's --format csv) and the
 * whole report as pretty JSON, through a Blob and an object URL. File names carry the server name
 * (or the target) reduced to [a-z0-9-], and the report's date.
 */
import { reportToCsv } from '@/lib/core/csv';
import type { Report } from '@/lib/core/report';
import { fileSlug } from '@/components/ui/display-format';
import { BUTTON } from '@/components/ui/styles';

function targetLabel(report: Report): string {
  if (report.server?.name != null && report.server.name.trim() !== '') return report.server.name;
  const { target } = report;
  if (target.transport === 'stdio') {
    const last = [target.command, ...target.args].at(-1) ?? target.command;
    const base =
      last
        .split(/[\\/]/)
        .filter((part) => part !== '')
        .at(-1) ?? last;
    return base.replace(/\.[a-z0-9]+$/i, '');
  }
  try {
    const url = new URL(target.url);
    return `${url.hostname}${url.pathname}`;
  } catch {
    return target.url;
  }
}

export function downloadName(report: Report, extension: 'csv' | 'json'): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(report.generatedAt)?.[0] ?? new Date().toISOString().slice(0, 10);
  return `mcp-hintcheck-${fileSlug(targetLabel(report))}-${date}.${extension}`;
}

/** Saves `content` as a file named `name`, through a Blob and an object URL. */
export function download(content: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

export function ExportButtons({ report }: { report: Report }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        data-testid="export-csv"
        className={BUTTON.secondary}
        onClick={() => {
          download(reportToCsv(report), 'text/csv;charset=utf-8', downloadName(report, 'csv'));
        }}
      >
        Download CSV
      </button>
      <button
        type="button"
        data-testid="export-json"
        className={BUTTON.secondary}
        onClick={() => {
          download(`${JSON.stringify(report, null, 2)}\n`, 'application/json', downloadName(report, 'json'));
        }}
      >
        Download JSON
      </button>
    </div>
  );
}
