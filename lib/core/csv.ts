/**
 * Report -> CSV, one row per tool (RFC 4180: CRLF line ends, quotes doubled, fields with a comma,
 * quote or line break quoted). Formula-safe (OWASP CSV injection): a text cell is prefixed with an
 * apostrophe when a spreadsheet could read it as a formula or a command, that is when it starts
 * with = + - @ | or %, with their fullwidth forms (＝ ＋ － ＠, which some spreadsheets fold to the
 * ASCII signs), or with any whitespace or control character (space, tab, CR, LF, NBSP...), which
 * importers may trim before looking at the first sign. Checked by opening the file in LibreOffice
 * (test/csv-spreadsheet.test.ts).
 */
import { HINTS } from './annotations';
import { severityRank, type Severity } from './flags';
import type { OAuthReport } from './oauth/schemas';
import type { Report } from './report';
import type { ToolReport } from './tool-report';

/** A first character that may make a spreadsheet evaluate the cell. */
const FORMULA_START = /^[=+\-@|%\uFF1D\uFF0B\uFF0D\uFF20\s\p{Cc}\p{Cf}\p{Zs}]/u;

/** One CSV cell: neutralised if a spreadsheet would read it as a formula, quoted when needed. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Column = [header: string, cell: (tool: ToolReport) => string | number | boolean | null];

const COLUMNS: Column[] = [
  ['name', (t) => t.name],
  ['display_name', (t) => t.displayName],
  ['class', (t) => t.class],
  ['annotation_state', (t) => t.annotationState],
  ...HINTS.flatMap((hint): Column[] => [
    [hint, (t) => t.effective[hint].value],
    [`${hint}_source`, (t) => t.effective[hint].source],
  ]),
  ['read_only', (t) => t.readOnly],
  ['destructive', (t) => t.destructive],
  ['open_world', (t) => t.openWorld],
  ['additive_write', (t) => t.additiveWrite],
  ['max_severity', (t) => maxSeverity(t)],
  ['flags', (t) => t.flags.map((flag) => flag.id).join(' ')],
  ['risk_score', (t) => t.riskScore],
  ['bytes', (t) => t.bytes],
  ['page', (t) => t.page],
  ['description', (t) => t.description],
  ['annotations_json', (t) => (t.annotations === undefined ? '' : JSON.stringify(t.annotations))],
  // Added with the surface audit; new columns go at the end so existing sheets keep their layout.
  ['tokens_estimate', (t) => t.cost?.tokens ?? null],
];

export const CSV_HEADERS: readonly string[] = COLUMNS.map(([header]) => header);

/** The most severe flag of an item, or ''. */
export function maxSeverity(tool: { flags: readonly { severity: Severity }[] }): string {
  const sorted = tool.flags.map((flag) => flag.severity).sort((a, b) => severityRank(a) - severityRank(b));
  return sorted[0] ?? '';
}

export function reportToCsv(report: Pick<Report, 'tools'>): string {
  const lines = [CSV_HEADERS.map(csvCell).join(',')];
  for (const tool of report.tools) lines.push(COLUMNS.map(([, cell]) => csvCell(cell(tool))).join(','));
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
