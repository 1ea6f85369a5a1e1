/**
 * A list request sent raw: tools/list, prompts/list, resources/list, resources/templates/list.
 * The SDK's list helpers validate with strict schemas that drop unknown fields and reject a whole
 * list over one malformed item (in the current era even `client.request` with a loose schema does,
 * for known methods). An auditor must see what was sent: the raw result is taken from the wire
 * (ObservedTransport), every page is followed to the end (no nextCursor; an empty-string cursor is
 * not the end), with a page cap, a byte cap and a guard against cursors that repeat.
 * Spec: MCP, Utilities: Pagination; 2026-07-28 list results (`ttlMs`, `cacheScope`).
 */
import { z } from 'zod';
import { describeValue } from '../../core/annotations';
import type { Problem } from '../../core/problems';
import { formatBytes, utf8Length } from '../../core/bytes';
import type { RawListPage } from '../../core/surface/raw-list';
import type { Connection } from './connect';
import { AuditError } from '../errors';
import { clip } from './error-map';

/** A list method and the key of its items array. */
export interface ListKind {
  method: 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';
  key: 'tools' | 'prompts' | 'resources' | 'resourceTemplates';
}

export const LIST_KINDS = {
  tools: { method: 'tools/list', key: 'tools' },
  prompts: { method: 'prompts/list', key: 'prompts' },
  resources: { method: 'resources/list', key: 'resources' },
  resourceTemplates: { method: 'resources/templates/list', key: 'resourceTemplates' },
} as const satisfies Record<string, ListKind>;

export interface ListOptions {
  signal: AbortSignal;
  /** Per-request timeout; the caller also bounds the whole audit through `signal`. */
  requestTimeoutMs: () => number;
  maxPages: number;
  maxTotalBytes: number;
  onPage?: (page: number, itemsSoFar: number, bytes: number) => void;
}

export interface ListResult {
  pages: RawListPage[];
  complete: boolean;
  /** Why the listing stopped early (anything thrown, or an AuditError), and at which step; or null. */
  stoppedBy: { error: unknown; step: string } | null;
  warnings: Problem[];
}

const anyResult = z.unknown();

/** One request; the raw result from the wire wins over what the SDK made of it. */
async function requestRaw(
  connection: Pick<Connection, 'client' | 'observed'>,
  kind: ListKind,
  cursor: string | undefined,
  options: ListOptions,
  step: string,
  warnings: Problem[],
): Promise<unknown> {
  // The SDK never removes the abort listener it adds to a request's signal: give each request its
  // own signal, linked to the audit's for as long as the request runs, so pages do not pile up listeners.
  const perRequest = new AbortController();
  const forward = (): void => {
    perRequest.abort(options.signal.reason);
  };
  options.signal.addEventListener('abort', forward, { once: true });
  // A signal aborted before this page (a cancel between two steps) never fires 'abort' again.
  if (options.signal.aborted) forward();
  connection.observed.takeRaw(kind.method);
  try {
    const parsed = await connection.client.request(
      { method: kind.method, params: cursor === undefined ? {} : { cursor } },
      anyResult,
      { signal: perRequest.signal, timeout: options.requestTimeoutMs() },
    );
    const raw = connection.observed.takeRaw(kind.method);
    return raw !== undefined && 'result' in raw ? raw.result : parsed;
  } catch (error) {
    const raw = connection.observed.takeRaw(kind.method);
    if (raw === undefined || !('result' in raw)) throw error;
    warnings.push({
      code: 'sdk-rejects-list',
      message: `The official MCP SDK's client rejects this ${step} result as a whole (${clip(error instanceof Error ? error.message : String(error), undefined, 160)}); it was read raw here.`,
      hint: 'Clients built on that SDK see none of these items. The findings on the items say which are malformed.',
      step,
    });
    return raw.result;
  } finally {
    options.signal.removeEventListener('abort', forward);
  }
}

/** The page in one list result, with its nextCursor as sent; or why the result is not a page. */
export function pageOf(
  result: unknown,
  kind: ListKind,
  step: string,
): { page: RawListPage; nextCursor: unknown } | AuditError {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    return new AuditError('invalid-result', `The ${step} result is ${describeValue(result)}, not an object.`, { step });
  }
  const record = result as Record<string, unknown>;
  const items = record[kind.key];
  if (!Array.isArray(items)) {
    return new AuditError(
      'invalid-result',
      `The ${step} result has no ${kind.key} array (${kind.key} is ${describeValue(items)}).`,
      { hint: `The server does not follow the MCP ${kind.method} result shape.`, step },
    );
  }
  const page: RawListPage = { items, bytes: utf8Length(JSON.stringify(result)) };
  if ('ttlMs' in record) page.ttlMs = record.ttlMs;
  if ('cacheScope' in record) page.cacheScope = record.cacheScope;
  return { page, nextCursor: record.nextCursor };
}

/** What a page's nextCursor means: the end of the list (null with a warning), the cursor to follow, or why to stop. */
export function afterPage(
  nextCursor: unknown,
  step: string,
  read: { kind: ListKind; pages: number; totalBytes: number; seenCursors: ReadonlySet<string>; maxTotalBytes: number },
): { end: true; warning?: Problem } | { cursor: string } | AuditError {
  if (nextCursor === undefined) return { end: true };
  if (nextCursor === null) {
    const message = `The ${step} result has nextCursor null; it was read as the end of the list.`;
    return { end: true, warning: { code: 'invalid-result', message, step } };
  }
  if (typeof nextCursor !== 'string') {
    return new AuditError(
      'invalid-result',
      `The ${step} result has nextCursor ${describeValue(nextCursor)}, not a string; the listing stopped there.`,
      { step },
    );
  }
  if (read.seenCursors.has(nextCursor)) {
    return new AuditError(
      'pagination-stopped',
      `The server sent the cursor ${JSON.stringify(nextCursor.slice(0, 60))} twice; the listing stopped to avoid a loop.`,
      { hint: 'The server repeats pages. The items shown are those read before the repeat.', step },
    );
  }
  if (read.totalBytes > read.maxTotalBytes) {
    return new AuditError(
      'too-large',
      `${read.kind.method} has passed ${formatBytes(read.maxTotalBytes)} over ${read.pages} pages; the listing stopped there.`,
      { hint: 'Raise the cap with --max-bytes if the server really lists that much.', step },
    );
  }
  return { cursor: nextCursor };
}

function tooManyPages(kind: ListKind, maxPages: number, step: string): AuditError {
  return new AuditError(
    'pagination-stopped',
    `Stopped after ${maxPages} pages of ${kind.method}; the server still had more.`,
    {
      hint: 'A server that never stops paging may be broken or hostile. Raise --max-pages if it really is that large.',
      step,
    },
  );
}

export async function listRaw(
  connection: Pick<Connection, 'client' | 'observed'>,
  kind: ListKind,
  options: ListOptions,
): Promise<ListResult> {
  const pages: RawListPage[] = [];
  const warnings: Problem[] = [];
  const seenCursors = new Set<string>();
  let totalBytes = 0;
  let itemsSoFar = 0;
  let cursor: string | undefined;
  for (;;) {
    const step = `${kind.method} page ${pages.length + 1}`;
    const stop = (error: unknown): ListResult => ({ pages, complete: false, stoppedBy: { error, step }, warnings });
    if (pages.length >= options.maxPages) return stop(tooManyPages(kind, options.maxPages, step));
    let result: unknown;
    try {
      result = await requestRaw(connection, kind, cursor, options, step, warnings);
    } catch (error) {
      return stop(error);
    }
    const read = pageOf(result, kind, step);
    if (read instanceof AuditError) return stop(read);
    totalBytes += read.page.bytes;
    pages.push(read.page);
    itemsSoFar += read.page.items.length;
    options.onPage?.(pages.length, itemsSoFar, totalBytes);
    const next = afterPage(read.nextCursor, step, {
      kind,
      pages: pages.length,
      totalBytes,
      seenCursors,
      maxTotalBytes: options.maxTotalBytes,
    });
    if (next instanceof AuditError) return stop(next);
    if ('end' in next) {
      if (next.warning !== undefined) warnings.push(next.warning);
      return { pages, complete: true, stoppedBy: null, warnings };
    }
    seenCursors.add(next.cursor);
    cursor = next.cursor;
  }
}
