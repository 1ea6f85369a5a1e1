/**
 * Reading a report exported earlier (Download report as JSON, or the CLI's --json): the file is
 * checked with the Report schema before anything shows it (lib/core/report/read-report.ts). Refusals
 * say what the file is and what to open instead (saved-file.ts reads the other kinds).
 */
import { REPORT_SCHEMA_VERSION, type Report } from '@/lib/core/report/report';
import { readReport } from '@/lib/core/report/read-report';
import { describeFirstIssue } from './describe-issue';

export type SavedReportResult = { ok: true; report: Report } | { ok: false; message: string };

/** A saved report larger than this is refused before parsing (reports of 5,000 tools are a few MB). */
export const MAX_SAVED_REPORT_BYTES = 50 * 1024 * 1024;

/** `json`: the file, parsed (saved-file.ts parses every kind, and refuses what is not JSON). */
export function parseSavedReport(json: unknown, fileName: string): SavedReportResult {
  const result = readReport(json);
  if (result.ok) return { ok: true, report: result.report };
  if (result.problem === 'other-version') {
    const by = result.generator === null ? '' : ` (written by ${result.generator})`;
    return {
      ok: false,
      message: `${fileName} is a report of schema version ${JSON.stringify(result.found)}${by}; this dashboard reads version ${REPORT_SCHEMA_VERSION}. Open it with the mcp-hintcheck that wrote it, or audit the server again with this one.`,
    };
  }
  const count = result.error.issues.length;
  return {
    ok: false,
    message: `${fileName} looks like an mcp-hintcheck report, but ${describeFirstIssue(result.error)} is not what a report holds${count > 1 ? ` (and ${count - 1} more ${count === 2 ? 'field' : 'fields'})` : ''}: it was written by an older build, or changed or cut short after it was saved. Audit the server again (or save it again with "Download report as JSON").`,
  };
}
