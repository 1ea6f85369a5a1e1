/**
 * Reading a report exported earlier (Download report as JSON, or the CLI's --json): the file is
 * checked with the Report schema before anything shows it. Refusals say what the file is and what
 * to open instead.
 */
import { REPORT_SCHEMA_VERSION, reportSchema, type Report } from '@/lib/core/report';
import { describeIssues } from '@/lib/core/audit-request';

export type SavedReportResult = { ok: true; report: Report } | { ok: false; message: string };

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
  if (typeof json === 'object' && json !== null && 'schemaVersion' in json) {
    const version = json.schemaVersion;
    if (version !== REPORT_SCHEMA_VERSION) {
      return {
        ok: false,
        message: `${fileName} is a report of schema version ${JSON.stringify(version)}; this dashboard reads version ${REPORT_SCHEMA_VERSION}.`,
      };
    }
  }
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      message: `${fileName} is JSON but not an mcp-hintcheck audit report (${describeIssues(parsed.error)}). Open a file saved with "Download report as JSON", not the CSV or an OAuth check.`,
    };
  }
  return { ok: true, report: parsed.data };
}
