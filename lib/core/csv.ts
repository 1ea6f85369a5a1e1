/**
 * Report -> CSV, one row per tool in risk order (columns in csv-rows.ts). RFC 4180: CRLF line
 * ends, quotes doubled, fields with a comma, quote or line break quoted. Formula-safe: a cell that starts with = + - @ tab or CR is prefixed
 * with an apostrophe so no spreadsheet runs it (OWASP CSV injection).
 */
import { CSV_HEADERS, csvContext, toolCsvRow } from './csv-rows';
import type { OAuthReport } from './oauth/schemas';
import type { Report } from './report';
import { inRiskOrder } from './risk';
import type { ToolReport } from './tool-report';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: neutralised if a spreadsheet would read it as a formula, quoted when needed. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export { CSV_HEADERS } from './csv-rows';

export interface ToolCsvOptions {
  /** The tools to write (the rows a filtered table shows); all of the report's when absent. */
  tools?: readonly ToolReport[];
}

/** One CSV line (no line end). */
function csvLine(cells: readonly (string | number | boolean | null)[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * The tool CSV: a header, then one row per tool in risk order (risk_rank first), whatever order the
 * tools are given in. `tools` limits the rows (export what is shown); the context columns always
 * come from the report.
 */
export function reportToCsv(
  report: Pick<Report, 'tools' | 'server' | 'target' | 'generatedAt'>,
  options: ToolCsvOptions = {},
): string {
  const context = csvContext(report);
  const lines = [csvLine(CSV_HEADERS)];
  for (const tool of inRiskOrder(options.tools ?? report.tools)) lines.push(csvLine(toolCsvRow(tool, context)));
  return `${lines.join('\r\n')}\r\n`;
}

/** The OAuth check's findings, one row each: the companion file of the tools CSV. */
export function oauthFindingsToCsv(oauth: Pick<OAuthReport, 'url' | 'findings'>): string {
  const lines = [['url', 'id', 'severity', 'message', 'explanation'].join(',')];
  for (const finding of oauth.findings) {
    lines.push([oauth.url, finding.id, finding.severity, finding.message, finding.explanation].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
