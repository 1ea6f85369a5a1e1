/**
 * The tool CSV's columns, defined once (header and cell together), in review order: rank, name,
 * severity, flags, the one-line reason (report/risk.ts) and the description first, then empty `decision` and
 * `notes` columns for the reviewer, then each hint as sent, effective and its source, then the rest;
 * the server, version, target (as the report keeps it: redacted) and audit time come last, on every
 * row, so the file stays one table and the files of several servers can be stacked. Text a
 * spreadsheet would not show (invisible and control characters) is written as "[U+200B]" markers;
 * the raw text stays in the JSON report. README.md "CSV columns" documents them.
 */
import { HINTS, type HintName } from '../annotations';
import { markInvisibleCharacters } from '../hidden-characters';
import type { Report } from '../report/report';
import { inferredCell } from '../signals/inferred-effect';
import { riskReason } from '../report/risk';
import type { ToolReport } from '../report/tool-report';

export type CsvValue = string | number | boolean | null;

/** What every row of one report shares. */
export interface CsvContext {
  serverName: string | null;
  serverVersion: string | null;
  target: string;
  auditedAt: string;
}

type Column = readonly [header: string, cell: (tool: ToolReport, context: CsvContext) => CsvValue];

const visible = (text: string | null): string | null => (text === null ? null : markInvisibleCharacters(text));

/** A hint as sent: true/false, the sent JSON when it is not a boolean, empty when absent. */
function sentValue(tool: ToolReport, hint: HintName): string {
  const { sent } = tool.effective[hint];
  if (sent === undefined) return '';
  return typeof sent === 'boolean' ? String(sent) : markInvisibleCharacters(JSON.stringify(sent));
}

/** The effective value, or "not-applicable" where the hint means nothing for this tool. */
function effectiveValue(tool: ToolReport, hint: HintName): string {
  const { value, source } = tool.effective[hint];
  return source === 'not-applicable' ? 'not-applicable' : String(value);
}

const COLUMNS: readonly Column[] = [
  // What a reviewer reads first: the place in the risk order, the tool, its worst severity and flags,
  // why it ranks there (report/risk.ts, the one rule), and what it tells the agent.
  ['rank', (t) => t.risk.rank],
  ['name', (t) => visible(t.name)],
  ['severity', (t) => t.risk.worstSeverity ?? ''],
  ['flags', (t) => t.flags.map((flag) => `${flag.id}:${flag.severity}`).join(' ')],
  ['reason', (t) => riskReason(t.risk)],
  ['description', (t) => visible(t.description)],
  // Left empty for the reviewer.
  ['decision', () => ''],
  ['notes', () => ''],
  ...HINTS.flatMap((hint): Column[] => [
    [`${hint}_sent`, (t) => sentValue(t, hint)],
    [hint, (t) => effectiveValue(t, hint)],
    [`${hint}_source`, (t) => t.effective[hint].source],
  ]),
  ['display_name', (t) => visible(t.displayName)],
  ['class', (t) => t.class],
  ['annotation_state', (t) => t.annotationState],
  ['read_only', (t) => t.readOnly],
  ['destructive', (t) => t.destructive],
  ['open_world', (t) => t.openWorld],
  ['additive_write', (t) => t.additiveWrite],
  ['risk_score', (t) => t.risk.score],
  ['flag_messages', (t) => visible(t.flags.map((flag) => `${flag.id}: ${flag.message}`).join('\n'))],
  // The effect inferred from the name where hints are absent or contradicted (never a declaration).
  ['inferred_effect', (t) => (t.risk.inferred === undefined ? '' : inferredCell(t.risk.inferred))],
  // With audit --exercise: empty when the tool was not called in a sandbox.
  ['behaviour', (t) => t.behaviour?.status ?? ''],
  ['behaviour_summary', (t) => visible(t.behaviour?.summary ?? null)],
  ['bytes', (t) => t.bytes],
  ['page', (t) => t.page],
  ['tokens_estimate', (t) => t.cost?.tokens ?? null],
  ['annotations_json', (t) => (t.annotations === undefined ? '' : visible(JSON.stringify(t.annotations)))],
  // Same on every row, last: the file stays one table that files of several servers can be stacked into.
  ['server_name', (_t, c) => visible(c.serverName)],
  ['server_version', (_t, c) => visible(c.serverVersion)],
  ['target', (_t, c) => visible(c.target)],
  ['audited_at', (_t, c) => c.auditedAt],
];

/** The header row of the tool CSV. */
export const CSV_HEADERS: readonly string[] = COLUMNS.map(([header]) => header);

/** The target as one line: the command line (words with spaces quoted), or the URL. */
export function targetText(target: Report['target']): string {
  if (target.transport !== 'stdio') return target.url;
  return [target.command, ...target.args].map((word) => (/[\s"']/.test(word) ? JSON.stringify(word) : word)).join(' ');
}

export function csvContext(report: Pick<Report, 'server' | 'target' | 'generatedAt'>): CsvContext {
  return {
    serverName: report.server?.name ?? null,
    serverVersion: report.server?.version ?? null,
    target: targetText(report.target),
    auditedAt: report.generatedAt,
  };
}

/** One tool's cells, in header order. */
export function toolCsvRow(tool: ToolReport, context: CsvContext): CsvValue[] {
  return COLUMNS.map(([, cell]) => cell(tool, context));
}
