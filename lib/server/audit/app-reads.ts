/**
 * The MCP Apps reads of an audit: resources/read of each UI resource a tool points at (and each listed
 * MCP App resource), one at a time, bounded by the audit's clock and request timeout, the text kept up
 * to MAX_APP_HTML characters. The HTML is data: it is never run, rendered or fetched from. Raw request
 * with a loose schema, like every read of this audit; the connection redacted it where it entered.
 */
import { z } from 'zod';
import { isRecord } from '../../core/is-record';
import { MAX_APP_HTML, appResourceUris, type AppRead } from '../../core/apps/reads';
import type { Connection } from '../mcp/connect';
import { declares } from './audit-facts';
import type { Listing } from './audit-listing';
import type { AuditContext } from './audit-context';
import { AUDIT_DEFAULTS } from '../audit-defaults';

const anything = z.unknown();

async function readOne(run: AuditContext, live: Connection, uri: string): Promise<AppRead> {
  const empty = { uri, text: null, length: 0, truncated: false, mimeType: null, meta: undefined };
  try {
    const result = await live.client.request({ method: 'resources/read', params: { uri } }, anything, {
      signal: run.clock.signal,
      timeout: run.clock.remaining(run.options.requestTimeoutMs ?? AUDIT_DEFAULTS.requestTimeoutMs),
    });
    const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
    const first: unknown = contents.find((entry: unknown) => isRecord(entry) && entry.uri === uri) ?? contents[0];
    if (!isRecord(first)) return { ...empty, error: 'resources/read returned no content.' };
    const mimeType = typeof first.mimeType === 'string' ? first.mimeType : null;
    if (typeof first.text !== 'string')
      return { ...empty, mimeType, meta: first._meta, error: 'The content is not text (a blob is not read).' };
    return {
      uri,
      text: first.text.slice(0, MAX_APP_HTML),
      length: first.text.length,
      truncated: first.text.length > MAX_APP_HTML,
      mimeType,
      meta: first._meta,
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'resources/read failed';
    return { ...empty, error: message.replace(/\s+/g, ' ').slice(0, 200) };
  }
}

/** Reads the UI resources the listing names; none when the server declares no resources. */
export async function readAppResources(
  run: AuditContext,
  live: Connection,
  capabilities: unknown,
  listing: Listing,
): Promise<AppRead[]> {
  const tools = listing.pages.flatMap((page) => page.tools);
  const resources = listing.lists.resources.pages.flatMap((page) => page.items);
  const uris = appResourceUris(tools, resources);
  if (uris.length === 0) return [];
  if (!declares(capabilities, 'resources'))
    return uris.map((uri) => ({
      uri,
      text: null,
      length: 0,
      truncated: false,
      mimeType: null,
      meta: undefined,
      error: 'Not read: the server does not declare resources.',
    }));
  const reads: AppRead[] = [];
  for (const uri of uris) {
    if (run.clock.signal.aborted) break;
    run.clock.step = `resources/read ${uri.slice(0, 80)}`;
    reads.push(await readOne(run, live, uri));
  }
  return reads;
}
