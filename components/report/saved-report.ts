/**
 * Reading a report exported earlier (Download report as JSON, or the CLI's --json): the file is
 * checked with the Report schema before anything shows it, and a version-1 report written before
 * the risk order is upgraded in lib/core (report-upgrade.ts), with notes saying what was computed.
 * Refusals say what the file is and what to open instead.
 */
import { REPORT_SCHEMA_VERSION, type Report } from '@/lib/core/report';
import { describeIssues } from '@/lib/core/audit-request';
import { readReport } from '@/lib/core/report-upgrade';

export type SavedReportResult =
  /** notes: what was computed for a report saved by an earlier build; empty for a current one. */
  { ok: true; report: Report; notes: string[] } | { ok: false; message: string };

/** A saved report larger than this is refused before parsing (reports of 5,000 tools are a few MB). */
export const MAX_SAVED_REPORT_BYTES = 50 * 1024 * 1024;

export function parseSavedReport(text: string, fileName: string): SavedReportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: `${fileName} is not JSON. Open a report saved with "Download report as JSON" (or the CLI's --json).`,
    };
  }
  const result = readReport(json);
  if (result.ok) return { ok: true, report: result.report, notes: result.upgrades };
  if (result.problem === 'other-version') {
    const by = result.generator === null ? '' : ` (written by ${result.generator})`;
    return {
      ok: false,
      message: `${fileName} is a report of schema version ${JSON.stringify(result.found)}${by}; this dashboard reads version ${REPORT_SCHEMA_VERSION}. Open it with the mcp-hintcheck that wrote it, or audit the server again with this one.`,
    };
  }
  return {
    ok: false,
    message: `${fileName} is JSON but not an mcp-hintcheck audit report (${describeIssues(result.error)}). Open a file saved with "Download report as JSON", not the CSV or an OAuth check.`,
  };
}
