// Pure steps split out of long functions (issue 21): the surface table's filter and order, a list
// page read from a raw result and what its nextCursor means, and the authorization servers a
// protected-resource document names.
import { describe, expect, it } from 'vitest';
import type { Flag } from '../lib/core/flags/catalogue';
import { afterPage, LIST_KINDS, pageOf } from '../lib/server/mcp/list-raw';
import { authorizationServerIssuers } from '../lib/server/mcp/oauth-discovery';
import { AuditError } from '../lib/server/errors';
import { shownRows, type SurfaceRow } from '../components/surface/item-order';

const row = (name: string, kind: string, severities: Flag['severity'][], tokens: number): SurfaceRow => ({
  key: name,
  kind,
  name,
  displayName: name,
  secondary: `mem://${name}`,
  description: null,
  // Finding ids of its own, so a filter on one matches only this row.
  flags: severities.map((severity, i) => ({ id: `finding-${name}-${i}`, severity, message: '' }) as unknown as Flag),
  cost: { bytes: tokens * 4, tokens },
  raw: {},
});

describe('shownRows', () => {
  const rows = [
    row('beta', 'prompt', ['low'], 10),
    row('alpha', 'resource', [], 30),
    row('gamma', 'prompt', ['high'], 20),
  ];
  const names = (list: SurfaceRow[]): string[] => list.map((r) => r.name);

  it('orders by worst finding first, ties and no findings by name', () => {
    expect(names(shownRows(rows, '', { key: 'severity', descending: false }))).toEqual(['gamma', 'beta', 'alpha']);
  });

  it('orders by cost, most first, and reverses when descending', () => {
    expect(names(shownRows(rows, '', { key: 'tokens', descending: false }))).toEqual(['alpha', 'gamma', 'beta']);
    expect(names(shownRows(rows, '', { key: 'name', descending: true }))).toEqual(['gamma', 'beta', 'alpha']);
  });

  it('filters on name, secondary text and finding id, ignoring case, without touching the input', () => {
    expect(names(shownRows(rows, '  MEM://GAM ', { key: 'name', descending: false }))).toEqual(['gamma']);
    expect(names(shownRows(rows, 'finding-beta', { key: 'name', descending: false }))).toEqual(['beta']);
    expect(names(rows)).toEqual(['beta', 'alpha', 'gamma']);
  });
});

describe('pageOf and afterPage', () => {
  const kind = LIST_KINDS.tools;
  const read = { kind, pages: 1, totalBytes: 10, seenCursors: new Set(['c1']), maxTotalBytes: 100 };

  it('reads a page with its byte size and cache fields, or says why it is not one', () => {
    const page = pageOf({ tools: [{ name: 'a' }], nextCursor: 'c2', ttlMs: 5 }, kind, 'tools/list page 1');
    expect(page).toEqual({
      page: { items: [{ name: 'a' }], bytes: 52, ttlMs: 5 },
      nextCursor: 'c2',
    });
    const notObject = pageOf([], kind, 'tools/list page 1');
    expect(notObject).toBeInstanceOf(AuditError);
    expect((notObject as AuditError).message).toMatch(/not an object/);
    expect((pageOf({ prompts: [] }, kind, 'tools/list page 1') as AuditError).message).toMatch(/no tools array/);
  });

  it('ends on no cursor, ends with a warning on null, follows a new cursor, stops on a repeat or too many bytes', () => {
    expect(afterPage(undefined, 's', read)).toEqual({ end: true });
    expect(afterPage(null, 's', read)).toMatchObject({ end: true, warning: { code: 'invalid-result' } });
    expect(afterPage('c2', 's', read)).toEqual({ cursor: 'c2' });
    expect((afterPage('c1', 's', read) as AuditError).code).toBe('pagination-stopped');
    expect((afterPage(7, 's', read) as AuditError).code).toBe('invalid-result');
    expect((afterPage('c3', 's', { ...read, totalBytes: 101 }) as AuditError).code).toBe('too-large');
  });
});

describe('authorizationServerIssuers', () => {
  const doc = (body: unknown) => ({
    url: 'http://127.0.0.1/prm',
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });

  it('takes the string issuers, at most five, only from a document naming this resource', () => {
    const servers = ['https://a', 7, 'https://b', 'https://c', 'https://d', 'https://e', 'https://f'];
    const named = doc({ resource: 'http://127.0.0.1/mcp', authorization_servers: servers });
    expect(authorizationServerIssuers(named, ['http://127.0.0.1/mcp'])).toEqual([
      'https://a',
      'https://b',
      'https://c',
      'https://d',
      'https://e',
    ]);
    expect(authorizationServerIssuers(named, ['http://127.0.0.1/other'])).toEqual([]);
    expect(authorizationServerIssuers({ ...named, body: '{not json' }, ['http://127.0.0.1/mcp'])).toEqual([]);
    expect(authorizationServerIssuers({ ...named, body: null }, ['http://127.0.0.1/mcp'])).toEqual([]);
  });
});
