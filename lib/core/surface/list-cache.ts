/**
 * Cache fields of list results in the current era (MCP 2026-07-28): every list result carries
 * `ttlMs` (how long a client may reuse it) and `cacheScope` (`public`: any user of the client may
 * share it; `private`: one user only). A missing field leaves the choice to each client; `public`
 * on a server that requires authorization lets one user's listing be served to another.
 */
import { raised, type Finding, type FlagDefinition } from '../finding';
import type { RawListPage } from './raw-list';

export const CACHE_FIELDS_ID = 'list-cache-fields-missing';
export const PUBLIC_CACHE_ID = 'public-cache-scope';

export const CACHE_FIELDS_DEFINITION: FlagDefinition<typeof CACHE_FIELDS_ID> = {
  id: CACHE_FIELDS_ID,
  severity: 'low',
  title: 'List result without ttlMs or cacheScope',
  meaning:
    'A list result of the 2026-07-28 era lacks ttlMs or cacheScope (or sends them with the wrong type). Clients then guess how long, and for whom, they may reuse the list.',
  default: 'A missing ttlMs means "immediately stale" in the spec; a missing cacheScope is up to the client',
  doesNotTell: 'How the server behaves when the list changes.',
  reference: 'MCP specification 2026-07-28, Server features: list results (ttlMs, cacheScope)',
};

export const PUBLIC_CACHE_DEFINITION: FlagDefinition<typeof PUBLIC_CACHE_ID> = {
  id: PUBLIC_CACHE_ID,
  severity: 'medium',
  title: 'Public cache scope on a server that requires authorization',
  meaning:
    'The server requires authorization, yet marks a list result cacheScope "public": a shared client or proxy may serve what one user may see to another user.',
  default: null,
  doesNotTell: 'Whether the lists really differ between users: if they never do, public is harmless.',
  reference: 'MCP specification 2026-07-28, Server features: list results (cacheScope)',
};

/** Findings for one list's pages; only in the modern era. */
export function listCacheFindings(
  method: string,
  pages: readonly RawListPage[],
  authRequired: boolean,
): Finding<typeof CACHE_FIELDS_ID | typeof PUBLIC_CACHE_ID>[] {
  const findings: Finding<typeof CACHE_FIELDS_ID | typeof PUBLIC_CACHE_ID>[] = [];
  const missing = pages.flatMap((page, i) => {
    const lacks: string[] = [];
    if (typeof page.ttlMs !== 'number') lacks.push('ttlMs');
    if (page.cacheScope !== 'public' && page.cacheScope !== 'private') lacks.push('cacheScope');
    return lacks.length === 0 ? [] : [`page ${i + 1}: ${lacks.join(', ')}`];
  });
  if (missing.length > 0) {
    findings.push(
      raised(
        CACHE_FIELDS_DEFINITION,
        `${method} lacks cache fields (${missing.slice(0, 3).join('; ')}${missing.length > 3 ? '; …' : ''}).`,
      ),
    );
  }
  if (authRequired && pages.some((page) => page.cacheScope === 'public')) {
    findings.push(
      raised(
        PUBLIC_CACHE_DEFINITION,
        `${method} is marked cacheScope "public" on a server that requires authorization.`,
      ),
    );
  }
  return findings;
}
