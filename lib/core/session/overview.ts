/**
 * The overview of a batch: one row per audited server (its shape; overview-row.ts builds it from a
 * listing and a result, on the server side, where tokens are counted), and the overview as CSV.
 * Token cost is an ESTIMATE (o200k_base) of the tool list as sent; see lib/core/token-cost.ts.
 * Counts come from a finished audit only: a failed or cancelled row has its error, not zeros. The CSV
 * carries each row's findings: its own counted by severity, its entries' configuration findings and
 * the session findings naming it.
 */
import { z } from 'zod';
import { BATCH_STATUSES } from '../api/batch-request';
import { CLIENT_IDS, CLIENTS } from '../config/clients';
import { csvCell } from '../csv/tools';
import { FLAG_IDS } from '../flags/catalogue';
import { SEVERITIES } from '../severity';
import { bySeverity } from '../severity';
import { TOKEN_ENCODING } from '../token-encoding';
import { severityCountsText, type ScanFinding, type ScanFindingFamily } from './scan-findings';

export const overviewRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  clients: z.array(z.enum(CLIENT_IDS)),
  /** file:line of every entry audited as this row. */
  locations: z.array(z.string()),
  transport: z.string(),
  protocolVersion: z.string().nullable(),
  tools: z.number().int().nullable(),
  readOnly: z.number().int().nullable(),
  additiveWrites: z.number().int().nullable(),
  destructive: z.number().int().nullable(),
  openWorld: z.number().int().nullable(),
  unannotated: z.number().int().nullable(),
  worstSeverity: z.enum(SEVERITIES).nullable(),
  worstFlag: z.enum(FLAG_IDS).nullable(),
  /** Estimated tokens of the tool list (o200k_base), and its bytes. */
  tokens: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** Remote servers: whether the configuration sends an Authorization header. */
  authorization: z.boolean().nullable(),
  status: z.enum(BATCH_STATUSES),
  error: z.string().nullable(),
  durationMs: z.number(),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;

const COLUMNS: [string, (row: OverviewRow) => string | number | boolean | null][] = [
  ['name', (r) => r.name],
  ['clients', (r) => r.clients.map((c) => CLIENTS[c].label).join('; ')],
  ['locations', (r) => r.locations.join('; ')],
  ['status', (r) => r.status],
  ['transport', (r) => r.transport],
  ['protocol_version', (r) => r.protocolVersion],
  ['tools', (r) => r.tools],
  ['read_only', (r) => r.readOnly],
  ['additive_writes', (r) => r.additiveWrites],
  ['destructive', (r) => r.destructive],
  ['open_world', (r) => r.openWorld],
  ['unannotated', (r) => r.unannotated],
  ['worst_severity', (r) => r.worstSeverity],
  ['worst_flag', (r) => r.worstFlag],
  [`tokens_estimate_${TOKEN_ENCODING}`, (r) => r.tokens],
  ['bytes', (r) => r.bytes],
  ['authorization_header', (r) => r.authorization],
  ['error', (r) => r.error],
  ['duration_ms', (r) => r.durationMs],
];

/** A row's findings from the walk of every finding (scan-findings.ts): those about its batch item. */
const about = (row: OverviewRow, findings: readonly ScanFinding[], family: ScanFindingFamily): ScanFinding[] =>
  findings.filter((finding) => finding.family === family && finding.serverIds.includes(row.id));

const FINDING_COLUMNS: [string, (row: OverviewRow, findings: readonly ScanFinding[]) => string][] = [
  [
    'server_finding_counts',
    (row, findings) => {
      const own = about(row, findings, 'server');
      return own.length === 0 ? '' : severityCountsText(own);
    },
  ],
  ['config_findings', (row, findings) => findingsCell(about(row, findings, 'configuration'))],
  ['session_findings', (row, findings) => findingsCell(about(row, findings, 'session'))],
];

/** "high plaintext-secret: message | medium unpinned-package: message", the most severe first. */
function findingsCell(findings: readonly ScanFinding[]): string {
  return bySeverity(findings, (finding) => finding.severity)
    .map((finding) => `${finding.severity} ${finding.id}: ${finding.message}`)
    .join(' | ');
}

export const OVERVIEW_CSV_HEADERS: readonly string[] = [...COLUMNS, ...FINDING_COLUMNS].map(([header]) => header);

/**
 * The overview as CSV (RFC 4180, formula-safe cells: see csv/tools.ts), with each row's findings from the
 * walk of every finding of the scan: its own (counts by severity: tools, other items, server-wide,
 * OAuth), its entries' configuration findings and the session findings that name it.
 */
export function overviewToCsv(rows: readonly OverviewRow[], findings: readonly ScanFinding[] = []): string {
  const lines = [OVERVIEW_CSV_HEADERS.map(csvCell).join(',')];
  for (const row of rows) {
    const cells = [...COLUMNS.map(([, cell]) => cell(row)), ...FINDING_COLUMNS.map(([, cell]) => cell(row, findings))];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
