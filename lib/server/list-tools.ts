/**
 * tools/list sent raw. The SDK's listTools() reads one page and validates it with a strict schema
 * that drops unknown fields and rejects the whole list over one malformed hint; an auditor must see
 * what was sent. So: our own request with a schema that accepts anything, every page followed to
 * the end (no nextCursor; an empty-string cursor is not the end), a page cap, a byte cap, and a
 * guard against cursors that repeat.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';
import { describeValue } from '../core/annotations';
import type { Problem } from '../core/problems';
import { formatBytes, utf8Length, type RawPage } from '../core/report';
import { AuditError } from './errors';

export interface ListToolsOptions {
  signal: AbortSignal;
  /** Per-request timeout; the caller also bounds the whole audit through `signal`. */
  requestTimeoutMs: () => number;
  maxPages: number;
  maxTotalBytes: number;
  onPage?: (page: number, toolsSoFar: number, bytes: number) => void;
}

export interface ListToolsResult {
  pages: RawPage[];
  complete: boolean;
  /** Why the listing stopped early (anything thrown, or an AuditError), and at which step; or null. */
  stoppedBy: { error: unknown; step: string } | null;
  warnings: Problem[];
}

const anyResult = z.unknown();

export async function listToolsRaw(client: Client, options: ListToolsOptions): Promise<ListToolsResult> {
  const pages: RawPage[] = [];
  const warnings: Problem[] = [];
  const seenCursors = new Set<string>();
  let totalBytes = 0;
  let toolsSoFar = 0;
  let cursor: string | undefined;
  for (;;) {
    const step = `tools/list page ${pages.length + 1}`;
    if (pages.length >= options.maxPages) {
      const error = new AuditError(
        'pagination-stopped',
        `Stopped after ${options.maxPages} pages of tools/list; the server still had more.`,
        {
          hint: 'A server that never stops paging may be broken or hostile. Raise --max-pages if it really is that large.',
          step,
        },
      );
      return { pages, complete: false, stoppedBy: { error, step }, warnings };
    }
    // The SDK never removes the abort listener it adds to a request's signal: give each request its
    // own signal, linked to the audit's for as long as the request runs, so pages do not pile up listeners.
    const perRequest = new AbortController();
    const forward = (): void => {
      perRequest.abort(options.signal.reason);
    };
    options.signal.addEventListener('abort', forward, { once: true });
    // A signal aborted before this page (a cancel between two steps) never fires 'abort' again.
    if (options.signal.aborted) forward();
    let result: unknown;
    try {
      result = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        anyResult,
        { signal: perRequest.signal, timeout: options.requestTimeoutMs() },
      );
    } catch (error) {
      return { pages, complete: false, stoppedBy: { error, step }, warnings };
    } finally {
      options.signal.removeEventListener('abort', forward);
    }
    const stop = (error: AuditError): ListToolsResult => ({
      pages,
      complete: false,
      stoppedBy: { error, step },
      warnings,
    });
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      return stop(
        new AuditError('invalid-result', `The ${step} result is ${describeValue(result)}, not an object.`, { step }),
      );
    }
    const { tools, nextCursor } = result as { tools?: unknown; nextCursor?: unknown };
    if (!Array.isArray(tools)) {
      return stop(
        new AuditError('invalid-result', `The ${step} result has no tools array (tools is ${describeValue(tools)}).`, {
          hint: 'The server does not follow the MCP tools/list result shape.',
          step,
        }),
      );
    }
    const bytes = utf8Length(JSON.stringify(result));
    totalBytes += bytes;
    pages.push({ tools, bytes });
    toolsSoFar += tools.length;
    options.onPage?.(pages.length, toolsSoFar, totalBytes);
    if (nextCursor === undefined) return { pages, complete: true, stoppedBy: null, warnings };
    if (nextCursor === null) {
      warnings.push({
        code: 'invalid-result',
        message: `The ${step} result has nextCursor null; it was read as the end of the list.`,
        step,
      });
      return { pages, complete: true, stoppedBy: null, warnings };
    }
    if (typeof nextCursor !== 'string') {
      return stop(
        new AuditError(
          'invalid-result',
          `The ${step} result has nextCursor ${describeValue(nextCursor)}, not a string; the listing stopped there.`,
          { step },
        ),
      );
    }
    if (seenCursors.has(nextCursor)) {
      return stop(
        new AuditError(
          'pagination-stopped',
          `The server sent the cursor ${JSON.stringify(nextCursor.slice(0, 60))} twice; the listing stopped to avoid a loop.`,
          {
            hint: 'The server repeats pages. The tools shown are those read before the repeat.',
            step,
          },
        ),
      );
    }
    if (totalBytes > options.maxTotalBytes) {
      return stop(
        new AuditError(
          'too-large',
          `tools/list has passed ${formatBytes(options.maxTotalBytes)} over ${pages.length} pages; the listing stopped there.`,
          {
            hint: 'Raise the cap with --max-bytes if the server really lists that much.',
            step,
          },
        ),
      );
    }
    seenCursors.add(nextCursor);
    cursor = nextCursor;
  }
}
