/**
 * An audits row as SQLite returns it, the columns a history list selects, and the entry a row
 * becomes (lib/core/history/entry.ts).
 */
import { conditionsSchema, type HistoryEntry } from '../../core/history/entry';

export interface AuditRow {
  id: number;
  server_id: number;
  identity: string;
  created_at: string;
  report_hash: string;
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

export const ENTRY_COLUMNS = `a.id, a.server_id, s.identity, a.created_at, a.report_hash, a.conditions_json, a.server_name,
  a.server_version, a.tools, a.read_only, a.destructive, a.open_world, a.unannotated, a.worst_severity,
  a.worst_flag, a.complete, a.outcome, a.error`;

export function toEntry(row: AuditRow): HistoryEntry {
  return {
    id: row.id,
    serverId: row.server_id,
    identity: row.identity,
    createdAt: row.created_at,
    reportHash: row.report_hash,
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
    conditions: conditionsSchema.parse(JSON.parse(row.conditions_json)),
  };
}
