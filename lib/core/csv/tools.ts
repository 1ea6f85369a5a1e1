/**
 * Report -> CSV, one row per tool in risk order (columns in tool-columns.ts). RFC 4180: CRLF line
 * ends, quotes doubled, fields with a comma, quote or line break quoted. Formula-safe (OWASP CSV
 * injection): a text cell is prefixed with an apostrophe when a spreadsheet could read it as a
 * formula or a command, that is when it starts with = + - @ | or %, with their fullwidth forms
 * (＝ ＋ － ＠, which some spreadsheets fold to the ASCII signs), or with any whitespace or control
 * character (space, tab, CR, LF, NBSP...), which importers may trim before looking at the first sign.
 * Checked by opening the file in LibreOffice (test/csv-spreadsheet.test.ts).
 */
import { CSV_HEADERS, csvContext, toolCsvRow } from './tool-columns';
import { markInvisibleCharacters } from '../hidden-characters';
import type { OAuthReport } from '../oauth/schemas';
import type { Report } from '../report/report';
import { inRiskOrder } from '../report/risk';
import { severityRank } from '../severity';
import type { Severity } from '../severity';
import type { ToolReport } from '../report/tool-report';

/** A first character that may make a spreadsheet evaluate the cell. */
const FORMULA_START = /^[=+\-@|%\uFF1D\uFF0B\uFF0D\uFF20\s\p{Cc}\p{Cf}\p{Zs}]/u;

/**
 * One CSV cell: control, invisible and bidi characters written as "[U+001B]" markers (a line break
 * stays one, as LF; a carriage return is marked: on a terminal it moves back over the line), then
 * neutralised if a spreadsheet would read it as a formula, quoted when needed. The same rule in every
 * CSV the product writes (tools, every kind, OAuth findings, scan overview).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string') {
    text = markInvisibleCharacters(text.replaceAll('\r\n', '\n')).replaceAll('\r', '[U+000D]');
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export { CSV_HEADERS } from './tool-columns';

/** The most severe flag of an item, or ''. */
export function maxSeverity(tool: { flags: readonly { severity: Severity }[] }): string {
  const sorted = tool.flags.map((flag) => flag.severity).sort((a, b) => severityRank(a) - severityRank(b));
  return sorted[0] ?? '';
}

export interface ToolCsvOptions {
  /** The tools to write (the rows a filtered table shows); all of the report's when absent. */
  tools?: readonly ToolReport[];
}

/** One CSV line (no line end). */
function csvLine(cells: readonly (string | number | boolean | null)[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * The tool CSV: a header, then one row per tool in risk order (rank first), whatever order the
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
