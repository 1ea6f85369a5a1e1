/**
 * A skills/list page or a skills/get result served on a 2026-07-28 connection without its cache
 * fields: the revision gives every such result `ttlMs` (a non-negative integer of milliseconds) and
 * `cacheScope` (`public` or `private`), and the official SDK's SkillsClient refuses a modern result
 * without them, so a host built on it shows none of the server's skills. 2025-era results carry no
 * cache fields and are not checked.
 */
import { isRecord } from '../is-record';
import { raised, type Finding, type FindingDefinition } from '../finding';

export const SKILL_CACHE_FIELDS_ID = 'skill-cache-fields-missing';

export const SKILL_CACHE_FIELDS_DEFINITION: FindingDefinition<typeof SKILL_CACHE_FIELDS_ID> = {
  id: SKILL_CACHE_FIELDS_ID,
  severity: 'medium',
  title: 'A skills result has no valid ttlMs or cacheScope',
  meaning:
    'On the 2026-07-28 revision a skills/list page and a skills/get result carry ttlMs (a non-negative integer) and cacheScope ("public" or "private"). A host that checks them, as the official SDK does, refuses the result: the skills are not loaded, and a host that caches without them has nothing to say how long or for whom.',
  doesNotTell:
    'Whether the skills themselves are sound (the other skill findings say), or how a host that ignores the fields behaves.',
  reference:
    'SEP-2640 (MCP Skills extension), skills/list and skills/get; MCP 2026-07-28, result caching (ttlMs, cacheScope)',
};

/** One skills/list or skills/get result as received: its method, what it was about and the result. */
export interface SkillsEnvelope {
  method: 'skills/list' | 'skills/get';
  /** The page's cursor (null: the first) for a list, the skill's URI for a get. */
  about: string | null;
  result: unknown;
}

/** What is wrong with a result's cache fields, or null. */
export function cacheFieldProblem(result: unknown): string | null {
  if (!isRecord(result)) return 'the result is not an object';
  const problems: string[] = [];
  const { ttlMs, cacheScope } = result;
  if (ttlMs === undefined) problems.push('no ttlMs');
  else if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0)
    problems.push(`ttlMs ${JSON.stringify(ttlMs).slice(0, 40)} is not a non-negative integer`);
  if (cacheScope === undefined) problems.push('no cacheScope');
  else if (cacheScope !== 'public' && cacheScope !== 'private')
    problems.push(`cacheScope ${JSON.stringify(cacheScope).slice(0, 40)} is not "public" or "private"`);
  return problems.length === 0 ? null : problems.join(', ');
}

/** One finding per modern result whose cache fields are missing or malformed (none in the 2025 era). */
export function cacheFieldFindings(
  envelopes: readonly SkillsEnvelope[],
  modern: boolean,
): Finding<typeof SKILL_CACHE_FIELDS_ID>[] {
  if (!modern) return [];
  return envelopes.flatMap((envelope) => {
    const problem = cacheFieldProblem(envelope.result);
    if (problem === null) return [];
    const which =
      envelope.method === 'skills/get'
        ? `skills/get ${envelope.about ?? ''}`.trim()
        : envelope.about === null
          ? 'skills/list (first page)'
          : `skills/list (cursor ${JSON.stringify(envelope.about.slice(0, 40))})`;
    return [raised(SKILL_CACHE_FIELDS_DEFINITION, `${which}: ${problem}.`)];
  });
}
