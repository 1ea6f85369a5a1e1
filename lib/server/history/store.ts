/**
 * The audit history: an embedded SQLite file (better-sqlite3) holding every audit's whole Report
 * (already redacted by lib/server/audit/audit.ts: no secret reaches the file) as JSON text, the SHA-256 of
 * that text, the conditions it ran under, and the figures a list shows. WAL mode lets the CLI
 * and the dashboard write the same file; a busy file is waited on for a bounded time.
 *
 * Housekeeping keeps the file bounded: `prune` (the newest N audits per server) and `remove` (audits
 * by id), each followed by a VACUUM that gives the freed pages back to the file system (measured
 * against incremental vacuum in bench/history-prune.mjs; figures in docs/history.md).
 *
 * Every failure becomes a HistoryError (errors.ts) with a code, a message that names the file and a
 * hint; the callers report it and let the audit go on.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  auditConditions,
  firstError,
  historyOutcome,
  serverIdentity,
  type AuditSource,
  type HistoryEntry,
  type HistoryServer,
} from '../../core/history/entry';
import type { Report } from '../../core/report/report';
import { firstFinding } from '../../core/report/first-finding';
import { readReport } from '../../core/report/read-report';
import { BUSY_TIMEOUT_MS, HistoryError, historyError } from './errors';
import { FIRST_VERSION, LATEST_VERSION, MIGRATIONS } from './migrations';
import { secureHistoryPlace } from './permissions';
import { ENTRY_COLUMNS, REPORT_SHA256, rowJson, toEntry, type AuditRow } from './rows';

export { HistoryError, historyError, historyOff, type HistoryErrorCode } from './errors';

/**
 * Which servers a `--server TEXT` filter selects: a number is a server id (as `history list` shows
 * it); any other text selects every server whose identity (command line or URL) contains it,
 * ignoring ASCII case, literally (% and _ are not wildcards). To match digits in an identity, give
 * a neighbouring character too (":8080").
 */
function serverMatch(server: string): { sql: string; params: Record<string, string | number> } {
  return /^\d+$/.test(server)
    ? { sql: 's.id = @serverId', params: { serverId: Number(server) } }
    : { sql: 'instr(lower(s.identity), lower(@serverText)) > 0', params: { serverText: server } };
}

/** What a prune or delete did: how many audits went, and the file's size before and after (file + WAL). */
export interface Housekeeping {
  deleted: number;
  bytesBefore: number;
  bytesAfter: number;
  /** Why the space could not be given back (another process was using the file), or null. */
  notReclaimed: string | null;
}

/** The default of `history prune --keep`: the newest audits kept per server. */
export const DEFAULT_KEEP = 50;

/**
 * SHA-256 (hex) of a Report's JSON text as stored (`report_json`, UTF-8): anyone can check a row
 * with sqlite3 and sha256sum.
 */
export function reportHash(reportJson: string): string {
  return createHash('sha256').update(reportJson, 'utf8').digest('hex');
}

export class HistoryStore {
  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
    /** What opening tightened (permissions.ts: folder 0700, files 0600), to show once; or null. */
    readonly notice: string | null = null,
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
      const notice = path === ':memory:' ? null : secureHistoryPlace(path);
      db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
      // Each listed row says whether its report still has the hash it was saved with.
      db.function(REPORT_SHA256, { deterministic: true }, (text: unknown) =>
        typeof text === 'string' ? reportHash(text) : null,
      );
      const store = new HistoryStore(db, path, notice);
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
    if (version > 0 && version < FIRST_VERSION) {
      throw new HistoryError(
        'invalid',
        `The history file ${this.path} has schema version ${version}, written by a pre-release build; this mcp-hintcheck reads version ${LATEST_VERSION}.`,
        'Move the file away (or use another with --db PATH) and re-run the audits.',
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

  /** Saves one audit; returns its entry as listed. */
  save(report: Report, source: AuditSource, createdAt: string = report.generatedAt): HistoryEntry {
    const id = this.insert(report, source, createdAt);
    const entry = this.entry(id);
    if (entry === null) throw historyError(new Error('the saved audit could not be read back'), this.path);
    return entry;
  }

  /** Saves one audit; returns only its id (the CLI's save, which prints nothing more). */
  insert(report: Report, source: AuditSource, createdAt: string = report.generatedAt): number {
    try {
      const identity = serverIdentity(report.target);
      const worst = firstFinding(report);
      const conditions = auditConditions(report, source);
      const json = JSON.stringify(report);
      const hash = reportHash(json);
      const id = this.db.transaction(() => {
        this.db
          .prepare('INSERT INTO servers (identity, transport) VALUES (?, ?) ON CONFLICT (identity) DO NOTHING')
          .run(identity, report.target.transport);
        const server = this.db.prepare('SELECT id FROM servers WHERE identity = ?').get(identity) as { id: number };
        const result = this.db
          .prepare(
            `INSERT INTO audits (server_id, created_at, report_hash, report_json, conditions_json, server_name,
              server_version, tools, read_only, destructive, open_world, unannotated, worst_severity, worst_flag, complete,
              outcome, error)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            server.id,
            createdAt,
            hash,
            json,
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
            historyOutcome(report),
            firstError(report),
          );
        return Number(result.lastInsertRowid);
      })();
      return id;
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

  /**
   * Audits, newest first; of one server when serverId is given, of the servers `server` matches
   * (serverMatch: an id, or a piece of the identity) when that is given.
   */
  list(options: { serverId?: number; server?: string; limit?: number; offset?: number } = {}): HistoryEntry[] {
    return this.guard(() => {
      const match = options.server === undefined ? undefined : serverMatch(options.server);
      const conditions = [
        ...(options.serverId === undefined ? [] : ['a.server_id = @byId']),
        ...(match === undefined ? [] : [match.sql]),
      ];
      const rows = this.db
        .prepare(
          `SELECT ${ENTRY_COLUMNS} FROM audits a JOIN servers s ON s.id = a.server_id
           ${conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`}
           ORDER BY a.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({
          ...(options.serverId === undefined ? {} : { byId: options.serverId }),
          ...match?.params,
          limit: options.limit ?? -1,
          offset: options.offset ?? 0,
        }) as AuditRow[];
      return rows.map((row) => toEntry(row, this.path));
    });
  }

  /** How many audits the file holds. */
  count(): number {
    return this.guard(() => (this.db.prepare('SELECT COUNT(*) AS n FROM audits').get() as { n: number }).n);
  }

  /**
   * Deletes these audits, all or none: when an id is unknown nothing is deleted and the unknown ids
   * are returned. Then gives the space back (reclaim).
   */
  remove(ids: readonly number[]): { missing: number[] } | Housekeeping {
    return this.guard(() => {
      const unique = [...new Set(ids)];
      const exists = this.db.prepare('SELECT 1 FROM audits WHERE id = ?');
      const missing = unique.filter((id) => exists.get(id) === undefined);
      if (missing.length > 0) return { missing };
      const bytesBefore = this.fileBytes();
      const remove = this.db.prepare('DELETE FROM audits WHERE id = ?');
      const deleted = this.db.transaction(() => {
        let count = 0;
        for (const id of unique) count += remove.run(id).changes;
        this.forgetEmptyServers();
        return count;
      })();
      return { deleted, bytesBefore, ...this.reclaim() };
    });
  }

  /**
   * Keeps the newest `keep` audits of each server (of the servers `server` matches, when given),
   * deletes the older ones, then gives the space back (reclaim).
   */
  prune(keep: number, options: { server?: string } = {}): Housekeeping {
    return this.guard(() => {
      const bytesBefore = this.fileBytes();
      const match = options.server === undefined ? undefined : serverMatch(options.server);
      const deleted = this.db.transaction(() => {
        const { changes } = this.db
          .prepare(
            `DELETE FROM audits WHERE id IN (
               SELECT id FROM (
                 SELECT a.id, ROW_NUMBER() OVER (PARTITION BY a.server_id ORDER BY a.id DESC) AS newest
                 FROM audits a JOIN servers s ON s.id = a.server_id
                 ${match === undefined ? '' : `WHERE ${match.sql}`}
               ) WHERE newest > @keep)`,
          )
          .run({ keep, ...match?.params });
        this.forgetEmptyServers();
        return changes;
      })();
      return deleted === 0
        ? { deleted, bytesBefore, bytesAfter: bytesBefore, notReclaimed: null }
        : { deleted, bytesBefore, ...this.reclaim() };
    });
  }

  /** The size of the file and its write-ahead log, in bytes (0 for an in-memory file). */
  fileBytes(): number {
    if (this.path === ':memory:') return 0;
    const size = (file: string): number => (existsSync(file) ? statSync(file).size : 0);
    return size(this.path) + size(`${this.path}-wal`);
  }

  private forgetEmptyServers(): void {
    this.db.prepare('DELETE FROM servers WHERE id NOT IN (SELECT server_id FROM audits)').run();
  }

  /**
   * Gives freed pages back to the file system: VACUUM rewrites the file with what remains, then the
   * write-ahead log is checkpointed and truncated. While another process reads the file (the
   * dashboard, another CLI run) the checkpoint cannot finish: the deletion stands, the file shrinks
   * at a later checkpoint, and the reason is returned.
   */
  private reclaim(): { bytesAfter: number; notReclaimed: string | null } {
    const busy =
      'another process (the dashboard, or another mcp-hintcheck) is reading the file; it shrinks once that process lets go';
    try {
      this.db.exec('VACUUM');
      const [checkpoint] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return { bytesAfter: this.fileBytes(), notReclaimed: checkpoint?.busy === 1 ? busy : null };
    } catch (error) {
      const mapped = historyError(error, this.path);
      if (mapped.code !== 'locked') throw mapped;
      return { bytesAfter: this.fileBytes(), notReclaimed: busy };
    }
  }

  /** One audit's list figures, or null. */
  entry(id: number): HistoryEntry | null {
    return this.guard(() => {
      const row = this.db
        .prepare(`SELECT ${ENTRY_COLUMNS} FROM audits a JOIN servers s ON s.id = a.server_id WHERE a.id = ?`)
        .get(id) as AuditRow | undefined;
      return row === undefined ? null : toEntry(row, this.path);
    });
  }

  /** One audit's whole Report, or null when there is no such audit. */
  report(id: number): Report | null {
    return this.guard(() => {
      const row = this.db.prepare('SELECT report_json FROM audits WHERE id = ?').get(id) as
        { report_json: string } | undefined;
      if (row === undefined) return null;
      // Read as an opened export is (lib/core/report/read-report.ts): a Report of this schema, or refused.
      const parsed = readReport(rowJson({ id }, 'report_json', row.report_json, this.path));
      if (!parsed.ok) {
        throw new HistoryError(
          'invalid',
          `Audit ${id} in ${this.path} holds a Report this version cannot read.`,
          'It was written by an older build or another mcp-hintcheck version: re-run the audit (or show it with that version).',
        );
      }
      return parsed.report;
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
