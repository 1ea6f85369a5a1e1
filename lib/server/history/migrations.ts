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

/**
 * Versions 1 and 2 were files of pre-release builds (the package's first release writes version 3),
 * so the schema starts at 3 and a file below it is refused (store.ts), not migrated.
 */
export const FIRST_VERSION = 3;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: FIRST_VERSION,
    description:
      'servers and audits (with how each audit ended: outcome complete, partial or failed, and its first error)',
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
        complete INTEGER NOT NULL,
        outcome TEXT NOT NULL DEFAULT 'complete',
        error TEXT
      );
      CREATE INDEX audits_by_server ON audits (server_id, id DESC);
    `,
  },
];

export const LATEST_VERSION = MIGRATIONS.reduce((latest, migration) => Math.max(latest, migration.version), 0);
