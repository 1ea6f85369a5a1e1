/**
 * Reads a registry's entries: every page of GET <base>/v0.1/servers (cursor-paged, limit 100,
 * `version=latest` unless every version is asked for, `updated_since` when given), or a file (the API's
 * page JSON, or one server.json or ServerResponse per line). Each answer is bounded in time and size; a
 * page that is not the API's shape ends the read with a clear error, naming the page.
 */
import { readFile, stat } from 'node:fs/promises';
import { entryOf, fileRecords, isNotJsonLine, pageOf, type RegistryEntry } from '../../core/registry/entry';
import { AuditError } from '../errors';

export interface RegistrySource {
  /** An http(s) base URL (the registry's origin, or a sub-registry's base path) or a file path. */
  source: string;
  cursor?: string | undefined;
  updatedSince?: string | undefined;
  /** Every version, not only the latest (default false). */
  allVersions?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

const MAX_PAGE_BYTES = 32 * 1024 * 1024;
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const MAX_PAGES = 10_000;

export const isRegistryUrl = (source: string): boolean => /^https?:\/\//i.test(source);

function pageUrl(base: string, options: RegistrySource, cursor: string | null): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/v0.1/servers`);
  url.searchParams.set('limit', '100');
  if (options.allVersions !== true) url.searchParams.set('version', 'latest');
  if (options.updatedSince !== undefined) url.searchParams.set('updated_since', options.updatedSince);
  if (cursor !== null) url.searchParams.set('cursor', cursor);
  return url.toString();
}

/** Why a fetch failed, with the system's code when there is one ("fetch failed (ECONNREFUSED)"). */
function fetchFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  return code === null ? error.message : `${error.message} (${code})`;
}

async function fetchPage(url: string, options: RegistrySource, page: number): Promise<unknown> {
  const fail = (why: string): AuditError =>
    new AuditError('connection-failed', `The registry's page ${page} (${url}) ${why}.`, {
      hint: 'Check the base URL: the registry command reads GET <base>/v0.1/servers.',
    });
  const signals = [AbortSignal.timeout(options.timeoutMs ?? 30_000), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.any(signals),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw fail(`could not be read: ${fetchFailure(error)}`);
  }
  if (!response.ok) throw fail(`answered HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_PAGE_BYTES) throw fail('is larger than 32 MiB');
  const body = await response.text();
  if (body.length > MAX_PAGE_BYTES) throw fail('is larger than 32 MiB');
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw fail('is not JSON');
  }
}

async function readPages(options: RegistrySource): Promise<unknown[]> {
  const records: unknown[] = [];
  let cursor = options.cursor ?? null;
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = pageUrl(options.source, options, cursor);
    const parsed = pageOf(await fetchPage(url, options, page));
    if (parsed === null)
      throw new AuditError(
        'bad-answer',
        `The registry's page ${page} (${url}) is not a server list ({servers, metadata}).`,
        {
          hint: 'The registry command reads the MCP registry API (v0.1).',
        },
      );
    records.push(...parsed.records);
    if (parsed.nextCursor === null) return records;
    if (seen.has(parsed.nextCursor))
      throw new AuditError(
        'pagination-stopped',
        `The registry repeated the cursor "${parsed.nextCursor.slice(0, 80)}".`,
      );
    seen.add(parsed.nextCursor);
    cursor = parsed.nextCursor;
  }
  throw new AuditError('pagination-stopped', `The registry gave more than ${MAX_PAGES} pages.`);
}

async function readRecordsFile(path: string): Promise<unknown[]> {
  const fail = (why: string): AuditError =>
    new AuditError('bad-input', `${path}: ${why}`, {
      hint: 'Give a registry base URL (http(s)://…) or a file of server.json entries (one per line, or the API page JSON).',
    });
  let content: string;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw fail('is a folder, not a file');
    if (info.size > MAX_FILE_BYTES) throw fail('larger than 256 MiB');
    content = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof AuditError) throw error;
    const code = error instanceof Error && 'code' in error ? error.code : null;
    throw fail(code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : 'cannot be read');
  }
  const records = fileRecords(content);
  if (records.length === 0) throw fail('holds no server entries');
  if (records.every(isNotJsonLine)) throw fail('is not JSON (no line of it is a server.json)');
  return records;
}

/** Every entry of the source, in the registry's order (repeats kept: the run drops them and counts them). */
export async function readRegistry(options: RegistrySource): Promise<RegistryEntry[]> {
  const records = isRegistryUrl(options.source) ? await readPages(options) : await readRecordsFile(options.source);
  return records.map(entryOf);
}
