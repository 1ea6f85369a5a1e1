/**
 * The audit history: an embedded SQLite file (better-sqlite3) holding every audit's whole Report
 * (already redacted by lib/server/audit.ts: no secret reaches the file), its SHA-256 over RFC 8785
 * canonical JSON, the conditions it ran under, and the figures a list shows. WAL mode lets the CLI
 * and the dashboard write the same file; a busy file is waited on for a bounded time.
 *
 * Every failure becomes a HistoryError with a code, a message that names the file and a hint; the
 * callers report it and let the audit go on.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { canonicalJson } from '../../core/contract/canonical-json';
import {
  auditConditions,
  conditionsSchema,
  serverIdentity,
  worstFlag,
  type AuditSource,
  type HistoryEntry,
  type HistoryServer,
} from '../../core/history/entry';
import { reportSchema, type Report } from '../../core/report';
import { LATEST_VERSION, MIGRATIONS } from './migrations';

export type HistoryErrorCode = 'corrupt' | 'locked' | 'newer' | 'unwritable' | 'not-found' | 'invalid' | 'off';

export class HistoryError extends Error {
  constructor(
    readonly code: HistoryErrorCode,
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HistoryError';
  }
}

let sqlite: typeof Database | undefined;

/**
 * better-sqlite3, loaded on first use: its native addon costs tens of milliseconds to load, which
 * every CLI command would otherwise pay at start-up, history or not.
 */
function loadSqlite(): typeof Database {
  sqlite ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  return sqlite;
}

/** How long a write waits for another process holding the file (ms). */
const BUSY_TIMEOUT_MS = 2000;

function sqliteCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** The history was turned off with `variable`=off. */
export function historyOff(variable: string): HistoryError {
  return new HistoryError('off', `The history is turned off (${variable}=off).`, `Unset ${variable} to keep audits.`);
}

/** A HistoryError for a SQLite or file-system failure on `path`. */
export function historyError(error: unknown, path: string): HistoryError {
  if (error instanceof HistoryError) return error;
  const code = sqliteCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT')) {
    return new HistoryError(
      'corrupt',
      `The history file ${path} is not a readable SQLite database (${detail}).`,
      'Move it aside (it is kept as is), or use another file with --db PATH; --no-history skips saving.',
      { cause: error },
    );
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY')) {
    return new HistoryError(
      'locked',
      `The history file ${path} is locked by another process (waited ${BUSY_TIMEOUT_MS} ms).`,
      'Close the program holding it, or use --db PATH / --no-history for this run.',
      { cause: error },
    );
  }
  return new HistoryError(
    'unwritable',
    `The history file ${path} could not be opened or written (${detail}).`,
    'Check the folder exists and is writable, or choose another file with --db PATH; --no-history skips saving.',
    { cause: error },
  );
}

interface AuditRow {
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
}

const ENTRY_COLUMNS = `a.id, a.server_id, s.identity, a.created_at, a.report_hash, a.conditions_json, a.server_name,
  a.server_version, a.tools, a.read_only, a.destructive, a.open_world, a.unannotated, a.worst_severity,
  a.worst_flag, a.complete`;

function toEntry(row: AuditRow): HistoryEntry {
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
    conditions: conditionsSchema.parse(JSON.parse(row.conditions_json)),
  };
}

/** SHA-256 (hex) of a Report's RFC 8785 canonical JSON. */
export function reportHash(report: Report): string {
  return createHash('sha256').update(canonicalJson(report), 'utf8').digest('hex');
}

export class HistoryStore {
  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
  ) {}

  /**
   * Opens (creating when needed, unless mustExist) and migrates the history file. Throws a
   * HistoryError.
   */
  static open(path: string, options: { mustExist?: boolean } = {}): HistoryStore {
    if (options.mustExist === true && path !== ':memory:' && !existsSync(path)) {
      throw new HistoryError(
        'not-found',
        `There is no history at ${path} yet.`,
        'Run an audit first (it is saved unless --no-history), or point --db at another file.',
      );
    }
    let db: Database.Database | undefined;
    try {
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      const Sqlite = loadSqlite();
      db = new Sqlite(path, { timeout: BUSY_TIMEOUT_MS });
      const store = new HistoryStore(db, path);
      store.migrate();
      return store;
    } catch (error) {
      db?.close();
      throw historyError(error, path);
    }
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > LATEST_VERSION) {
      throw new HistoryError(
        'newer',
        `The history file ${this.path} has schema version ${version}; this mcp-hintcheck knows up to ${LATEST_VERSION}.`,
        'Update mcp-hintcheck, or use another file with --db PATH.',
      );
    }
    this.db.pragma('journal_mode = WAL');
    // WAL with NORMAL sync stays consistent after a crash; only the last audit may be lost on power failure.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    for (const migration of MIGRATIONS) {
      if (migration.version <= version) continue;
      this.db.transaction(() => {
        this.db.exec(migration.sql);
        this.db.pragma(`user_version = ${migration.version}`);
      })();
    }
  }

  /** Schema version of the open file. */
  version(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  /** Saves one audit; returns its id. */
  save(report: Report, source: AuditSource, createdAt: string = report.generatedAt): HistoryEntry {
    try {
      const identity = serverIdentity(report.target);
      const worst = worstFlag(report);
      const conditions = auditConditions(report, source);
      const hash = reportHash(report);
      const id = this.db.transaction(() => {
        this.db
          .prepare('INSERT INTO servers (identity, transport) VALUES (?, ?) ON CONFLICT (identity) DO NOTHING')
          .run(identity, report.target.transport);
        const server = this.db.prepare('SELECT id FROM servers WHERE identity = ?').get(identity) as { id: number };
        const result = this.db
          .prepare(
            `INSERT INTO audits (server_id, created_at, report_hash, report_json, conditions_json, server_name,
              server_version, tools, read_only, destructive, open_world, unannotated, worst_severity, worst_flag, complete)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            server.id,
            createdAt,
            hash,
            JSON.stringify(report),
            JSON.stringify(conditions),
            report.server?.name ?? null,
            report.server?.version ?? null,
            report.summary.tools,
            report.summary.readOnly,
            report.summary.destructive,
            report.summary.openWorld,
            report.summary.unannotated,
            worst?.severity ?? null,
            worst?.id ?? null,
            report.errors.length === 0 && report.complete ? 1 : 0,
          );
        return Number(result.lastInsertRowid);
      })();
      const entry = this.entry(id);
      if (entry === null) throw new Error('the saved audit could not be read back');
      return entry;
    } catch (error) {
      throw historyError(error, this.path);
    }
  }

  /** Servers with at least one audit, most recently audited first. */
  servers(): HistoryServer[] {
    return this.guard(() => {
      const rows = this.db
        .prepare(
          `SELECT s.id, s.identity, s.transport, COUNT(a.id) AS audits, MAX(a.created_at) AS last_at,
             (SELECT server_name FROM audits WHERE server_id = s.id ORDER BY id DESC LIMIT 1) AS last_name
           FROM servers s JOIN audits a ON a.server_id = s.id
           GROUP BY s.id ORDER BY MAX(a.id) DESC`,
        )
        .all() as {
        id: number;
        identity: string;
        transport: string;
        audits: number;
        last_at: string;
        last_name: string | null;
      }[];
      return rows.map((row) => ({
        id: row.id,
        identity: row.identity,
        transport: row.transport,
        audits: row.audits,
        lastAuditAt: row.last_at,
        lastServerName: row.last_name,
      }));
    });
  }

  /** Audits, newest first; of one server when serverId is given. */
  list(options: { serverId?: number; limit?: number; offset?: number } = {}): HistoryEntry[] {
    return this.guard(() => {
      const where = options.serverId === undefined ? '' : 'WHERE a.server_id = @serverId';
      const rows = this.db
        .prepare(
          `SELECT ${ENTRY_COLUMNS} FROM audits a JOIN servers s ON s.id = a.server_id ${where}
           ORDER BY a.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({
          ...(options.serverId === undefined ? {} : { serverId: options.serverId }),
          limit: options.limit ?? -1,
          offset: options.offset ?? 0,
        }) as AuditRow[];
      return rows.map(toEntry);
    });
  }

  /** One audit's list figures, or null. */
  entry(id: number): HistoryEntry | null {
    return this.guard(() => {
      const row = this.db
        .prepare(`SELECT ${ENTRY_COLUMNS} FROM audits a JOIN servers s ON s.id = a.server_id WHERE a.id = ?`)
        .get(id) as AuditRow | undefined;
      return row === undefined ? null : toEntry(row);
    });
  }

  /** One audit's whole Report, or null when there is no such audit. */
  report(id: number): Report | null {
    return this.guard(() => {
      const row = this.db.prepare('SELECT report_json FROM audits WHERE id = ?').get(id) as
        { report_json: string } | undefined;
      if (row === undefined) return null;
      const parsed = reportSchema.safeParse(JSON.parse(row.report_json));
      if (!parsed.success) {
        throw new HistoryError(
          'invalid',
          `Audit ${id} in ${this.path} holds a Report this version cannot read.`,
          'It was saved by another mcp-hintcheck version; show it with that version.',
        );
      }
      return parsed.data;
    });
  }

  close(): void {
    this.db.close();
  }

  private guard<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw historyError(error, this.path);
    }
  }
}
