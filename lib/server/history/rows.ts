/**
 * An audits row as SQLite returns it, the columns a history list selects, and the entry a row
 * becomes (lib/core/history/entry.ts).
 */
import { conditionsSchema, type HistoryEntry } from '../../core/history/entry';
import { HistoryError } from './errors';

export interface AuditRow {
  id: number;
  server_id: number;
  identity: string;
  created_at: string;
  report_hash: string;
  /** 1 when SHA-256 of report_json is report_hash (REPORT_SHA256, store.ts), else 0. */
  intact: number;
  conditions_json: string;
  server_name: string | null;
  server_version: string | null;
  tools: number;
  read_only: number;
  destructive: number;
  open_world: number;
  unannotated: number;
  worst_severity: string | null;
  worst_flag: string | null;
  complete: number;
  outcome: string;
  error: string | null;
}

/** The SQL function the store registers: SHA-256 (hex) of a text, as reportHash. */
export const REPORT_SHA256 = 'hintcheck_sha256';

export const ENTRY_COLUMNS = `a.id, a.server_id, s.identity, a.created_at, a.report_hash,
  ${REPORT_SHA256}(a.report_json) IS a.report_hash AS intact, a.conditions_json, a.server_name,
  a.server_version, a.tools, a.read_only, a.destructive, a.open_world, a.unannotated, a.worst_severity,
  a.worst_flag, a.complete, a.outcome, a.error`;

/** A column of a row that should hold JSON, parsed; a precise HistoryError when it does not. */
export function rowJson(row: { id: number }, column: string, text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HistoryError(
      'invalid',
      `Audit ${row.id} in ${path} has a ${column} that is not JSON (${error instanceof Error ? error.message : String(error)}): the row was changed or damaged after it was written.`,
      `Delete it (history delete ${row.id}) or restore the file from a copy; the other audits are intact.`,
    );
  }
}

export function toEntry(row: AuditRow, path: string): HistoryEntry {
  const conditions = conditionsSchema.safeParse(rowJson(row, 'conditions_json', row.conditions_json, path));
  if (!conditions.success)
    throw new HistoryError(
      'invalid',
      `Audit ${row.id} in ${path} has conditions this version cannot read: the row was changed, or written by another version.`,
      `Delete it (history delete ${row.id}), or read the file with the version that wrote it.`,
    );
  return {
    id: row.id,
    serverId: row.server_id,
    identity: row.identity,
    createdAt: row.created_at,
    reportHash: row.report_hash,
    intact: row.intact === 1,
    serverName: row.server_name,
    serverVersion: row.server_version,
    tools: row.tools,
    readOnly: row.read_only,
    destructive: row.destructive,
    openWorld: row.open_world,
    unannotated: row.unannotated,
    worstSeverity: row.worst_severity as HistoryEntry['worstSeverity'],
    worstFlag: row.worst_flag as HistoryEntry['worstFlag'],
    complete: row.complete === 1,
    outcome: row.outcome as HistoryEntry['outcome'],
    error: row.error,
    conditions: conditions.data,
  };
}
