/**
 * The history database's schema, as numbered migrations applied in order inside one transaction
 * each; SQLite's `user_version` records how far a file has come. Never edit a released migration:
 * add the next one.
 */

export interface Migration {
  version: number;
  description: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'servers and audits',
    sql: `
      CREATE TABLE servers (
        id INTEGER PRIMARY KEY,
        identity TEXT NOT NULL UNIQUE,
        transport TEXT NOT NULL
      );
      CREATE TABLE audits (
        id INTEGER PRIMARY KEY,
        server_id INTEGER NOT NULL REFERENCES servers(id),
        created_at TEXT NOT NULL,
        report_hash TEXT NOT NULL,
        report_json TEXT NOT NULL,
        conditions_json TEXT NOT NULL,
        server_name TEXT,
        server_version TEXT,
        tools INTEGER NOT NULL,
        read_only INTEGER NOT NULL,
        destructive INTEGER NOT NULL,
        open_world INTEGER NOT NULL,
        unannotated INTEGER NOT NULL,
        worst_severity TEXT,
        worst_flag TEXT,
        complete INTEGER NOT NULL
      );
      CREATE INDEX audits_by_server ON audits (server_id, id DESC);
    `,
  },
  {
    version: 2,
    description: 'report_hash is the SHA-256 of report_json as stored (it was of RFC 8785 canonical JSON)',
    // hintcheck_report_hash: a function the store registers on every connection (store.ts).
    sql: `UPDATE audits SET report_hash = hintcheck_report_hash(report_json);`,
  },
  {
    version: 3,
    description:
      'how each audit ended (outcome: complete, partial, failed) and its first error, so a failed audit is listed as a failure',
    // The rules of lib/core/history/entry.ts (historyOutcome, firstError), applied to the rows saved before.
    sql: `
      ALTER TABLE audits ADD COLUMN outcome TEXT NOT NULL DEFAULT 'complete';
      ALTER TABLE audits ADD COLUMN error TEXT;
      UPDATE audits SET
        outcome = CASE
          WHEN json_array_length(report_json, '$.errors') > 0 AND json_extract(report_json, '$.pages') = 0 THEN 'failed'
          WHEN json_array_length(report_json, '$.errors') > 0 OR json_extract(report_json, '$.complete') = 0 THEN 'partial'
          ELSE 'complete' END,
        error = CASE WHEN json_array_length(report_json, '$.errors') > 0
          THEN json_extract(report_json, '$.errors[0].code') || ': ' || json_extract(report_json, '$.errors[0].message')
          END;
    `,
  },
];

export const LATEST_VERSION = MIGRATIONS.reduce((latest, migration) => Math.max(latest, migration.version), 0);
