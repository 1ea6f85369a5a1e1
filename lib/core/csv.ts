/**
 * Report -> CSV, one row per tool (RFC 4180: CRLF line ends, quotes doubled, fields with a comma,
 * quote or line break quoted). Formula-safe: a cell that starts with = + - @ tab or CR is prefixed
 * with an apostrophe so no spreadsheet runs it (OWASP CSV injection).
 */
import { HINTS } from './annotations';
import { severityRank, type Severity } from './flags';
import type { OAuthReport } from './oauth';
import type { Report, ToolReport } from './report';

const FORMULA_START = /^[=+\-@\t\r]/;

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
