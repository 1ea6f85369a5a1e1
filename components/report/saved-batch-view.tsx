'use client';

/**
 * A saved "All reports" file (Your servers, or scan --format json) opened from disk: one row per
 * server audited, with its counts or its failure, and Open report on each server that has a report
 * (shown below like any saved report). Names and errors came from configuration files and servers:
 * React text only.
 */
import type { ScanExport } from '@/lib/core/session/scan-export';
import { auditOutcome, type Report } from '@/lib/core/report/report';
import { SeverityLabel } from '@/components/ui/badges';
import { formatAuditTime, plural } from '@/components/ui/display-format';
import { BUTTON, MUTED, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

interface SavedBatchViewProps {
  batch: ScanExport;
  fileName: string;
  /** The id of the server whose report is shown below, if any. */
  openId: string | null;
  onOpenReport: (id: string, name: string, report: Report) => void;
}

export function SavedBatchView({ batch, fileName, openId, onOpenReport }: SavedBatchViewProps) {
  const reports = new Map(batch.reports.map((entry) => [entry.id, entry]));
  const rows =
    batch.overview.length > 0
      ? batch.overview.map((row) => ({ id: row.id, name: row.name, status: row.status, error: row.error }))
      : batch.reports.map((entry) => ({ id: entry.id, name: entry.name, status: 'done', error: null }));
  return (
    <Panel title={`Saved servers: ${fileName}`} headingId="saved-batch-heading" testId="saved-batch">
      <p className={`-mt-2 mb-3 text-sm ${MUTED}`}>
        Saved {formatAuditTime(batch.generatedAt)} by {batch.generator.name} {batch.generator.version}:{' '}
        {plural(batch.servers.length, 'server')} configured, {plural(batch.reports.length, 'report')},{' '}
        {plural(batch.configFindings.length, 'configuration finding')},{' '}
        {plural(batch.sessionFindings.length, 'session finding')}. Open a server&apos;s report to see it here; audit
        them again on Your servers for today&apos;s answers.
      </p>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Servers in this file">
        {rows.map((row) => {
          const entry = reports.get(row.id);
          // A server that listed nothing shows its failure, never zeros.
          const listed = entry !== undefined && auditOutcome(entry.report) !== 'failed';
          const summary = listed ? entry.report.summary : undefined;
          const error = row.error ?? entry?.report.errors[0]?.message ?? null;
          return (
            <li
              key={row.id}
              data-testid="saved-batch-server"
              data-server-id={row.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm"
            >
              <span className="min-w-0 flex-1 font-medium break-words">
                <VisibleText text={row.name} controls />
              </span>
              {summary !== undefined ? (
                <span className={`tabular-nums ${MUTED}`}>
                  {plural(summary.tools, 'tool')} · destructive {summary.destructive} · open-world {summary.openWorld}
                </span>
              ) : (
                <span data-testid="saved-batch-failure" className="min-w-0 text-rose-800 dark:text-rose-300">
                  {entry === undefined ? row.status : 'did not list its tools'}
                  {error === null ? '' : ': '}
                  {error === null ? null : <VisibleText text={error} controls />}
                </span>
              )}
              {summary?.worstSeverity != null ? <SeverityLabel severity={summary.worstSeverity} /> : null}
              {entry !== undefined ? (
                <button
                  type="button"
                  data-testid="saved-batch-open"
                  className={BUTTON.secondary}
                  aria-pressed={openId === row.id}
                  onClick={() => {
                    onOpenReport(row.id, entry.name, entry.report);
                  }}
                >
                  {openId === row.id ? 'Shown below' : listed ? 'Open report' : 'Open the failure'}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
