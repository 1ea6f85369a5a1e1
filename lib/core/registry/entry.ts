/**
 * What the registry command reads: the MCP registry's list answer (GET /v0.1/servers,
 * modelcontextprotocol/registry docs/reference/api/openapi.yaml: `{servers: ServerResponse[], metadata:
 * {nextCursor, count}}`, each ServerResponse `{server: server.json, _meta}`), or a file of one server.json
 * (or one ServerResponse) per line. Read leniently: an entry without a usable name or version becomes a
 * broken entry (one failed row), never the end of the run.
 */
import { isRecord } from '../is-record';
import { sha256Hex } from '../contract/sha256';

export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

export interface RegistryMeta {
  status: string | null;
  publishedAt: string | null;
  updatedAt: string | null;
  isLatest: boolean | null;
}

export type RegistryEntry =
  | { kind: 'server'; key: string; name: string; version: string; server: Record<string, unknown>; meta: RegistryMeta }
  /** Not a server.json the command can audit: said in one failed row keyed by the record's hash. */
  | { kind: 'broken'; key: string; name: string; version: string; why: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function metaOf(record: Record<string, unknown>): RegistryMeta {
  const meta = isRecord(record._meta) ? record._meta[OFFICIAL_META] : undefined;
  const official = isRecord(meta) ? meta : {};
  return {
    status: text(official.status),
    publishedAt: text(official.publishedAt),
    updatedAt: text(official.updatedAt),
    isLatest: typeof official.isLatest === 'boolean' ? official.isLatest : null,
  };
}

/** The key of a run's row: name@version, the unit that is audited once and resumed by. */
export const entryKey = (name: string, version: string): string => `${name}@${version}`;

/** One record of a list answer (`{server, _meta}`) or a bare server.json, as an entry. */
export function entryOf(record: unknown): RegistryEntry {
  const wrapped = isRecord(record) && isRecord(record.server);
  const server = wrapped ? (record.server as Record<string, unknown>) : record;
  if (!isRecord(server)) {
    const key = `broken:${sha256Hex(`${typeof record}:${JSON.stringify(record) as string | undefined}`).slice(0, 16)}`;
    return { kind: 'broken', key, name: key, version: '', why: 'the entry is not a JSON object' };
  }
  const name = text(server.name);
  const version = text(server.version);
  if (name === null || version === null) {
    const key = `broken:${sha256Hex(JSON.stringify(server)).slice(0, 16)}`;
    const why = name === null ? 'the entry has no server name' : 'the entry has no version';
    return { kind: 'broken', key, name: name ?? key, version: version ?? '', why };
  }
  const meta = wrapped && isRecord(record) ? metaOf(record) : metaOf({});
  return { kind: 'server', key: entryKey(name, version), name, version, server, meta };
}

export interface RegistryPage {
  records: unknown[];
  nextCursor: string | null;
}

/** A list answer's records and its next cursor (null at the end: absent or empty, as the API says). */
export function pageOf(body: unknown): RegistryPage | null {
  if (!isRecord(body) || !Array.isArray(body.servers)) return null;
  const metadata = isRecord(body.metadata) ? body.metadata : {};
  return { records: body.servers, nextCursor: text(metadata.nextCursor) };
}

/**
 * The records of a file: the API's page JSON (one document with `servers`), or one server.json or
 * ServerResponse per line (blank lines skipped; a line that is not JSON is a broken entry).
 */
export function fileRecords(content: string): unknown[] {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') && !trimmed.includes('\n')) {
    const one = parseOrNull(trimmed);
    if (one === null) return [{ notJson: trimmed.slice(0, 200) }];
    const page = pageOf(one);
    return page === null ? [one] : page.records;
  }
  try {
    const page = pageOf(JSON.parse(trimmed) as unknown);
    if (page !== null) return page.records;
  } catch {
    // Not one document: one per line.
  }
  return trimmed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => parseOrNull(line) ?? { notJson: line.slice(0, 200) });
}

/** Whether a record of fileRecords stands for a line that was not JSON (a broken entry when others are). */
export const isNotJsonLine = (record: unknown): boolean =>
  isRecord(record) && Object.keys(record).length === 1 && typeof record.notJson === 'string';

function parseOrNull(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}

/** The entries in order, each key once (a registry may list a record twice); how many repeats were dropped. */
export function distinctEntries(entries: readonly RegistryEntry[]): { entries: RegistryEntry[]; repeats: number } {
  const seen = new Set<string>();
  const kept: RegistryEntry[] = [];
  for (const entry of entries) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    kept.push(entry);
  }
  return { entries: kept, repeats: entries.length - kept.length };
}
