/**
 * What a protected MCP server offers and asks for in scopes (MCP authorization spec 2025-11-25,
 * "Scope Selection Strategy"): the 401 challenge's scope versus the metadata's scopes_supported
 * (RFC 9728), and the admin-like ones among them. Split from report.ts, which calls it.
 */
import type { AddFinding } from './findings';
import { stringsOf } from './json-document';
import type { BearerChallenge, ScopeSource } from './schemas';

const ADMIN_SCOPE = /(^|[:._/-])(admin|administrator|root|superuser|owner|full[_-]?access|all)($|[:._/-])|^\*$/i;

/** The challenge's scope wins; else everything in the metadata's scopes_supported. */
export function readScopes(
  challenge: BearerChallenge | null,
  prm: Record<string, unknown> | null,
): { scopes: string[]; scopeSource: ScopeSource } {
  const fromChallenge = challenge?.scope?.trim() ?? '';
  if (fromChallenge !== '') return { scopes: fromChallenge.split(/\s+/), scopeSource: 'challenge' };
  const supported = prm === null ? [] : stringsOf(prm.scopes_supported);
  if (supported.length > 0) return { scopes: supported, scopeSource: 'metadata' };
  return { scopes: [], scopeSource: 'none' };
}

/** The scopes split by who says them: offered (scopes_supported) and asked for (the challenge). */
export function splitScopes(
  challenge: BearerChallenge | null,
  prm: Record<string, unknown> | null,
): { offered: string[]; challenged: string[] } {
  const challenged = (challenge?.scope ?? '').split(/\s+/).filter((scope) => scope !== '');
  const offered = prm === null ? [] : [...new Set(stringsOf(prm.scopes_supported))];
  return { offered, challenged };
}

/**
 * Judges what is offered: scopes_supported, or, when no list is published, the challenge's scope
 * (then nothing else is known to be on offer). The challenge's own scope is reported apart.
 */
export function checkOfferedScopes(offered: readonly string[], challenged: readonly string[], add: AddFinding): void {
  const judged = offered.length > 0 ? offered : challenged;
  const basis = offered.length > 0 ? '' : " (the challenge's scope; no scopes_supported is published)";
  if (judged.length === 1) add('scope-single', `One scope only: ${judged[0] ?? ''}${basis}.`);
  checkScopes(judged, add, basis);
  if (challenged.length > 0) {
    const beyond = offered.length > 0 ? challenged.filter((scope) => !offered.includes(scope)) : [];
    add(
      'scope-challenge',
      `The challenge asks for ${challenged.join(' ')}${offered.length > 0 ? ` of the ${offered.length} offered (${offered.join(', ')})` : ''}${beyond.length > 0 ? `; not in scopes_supported: ${beyond.join(', ')}` : ''}.`,
    );
  }
}

/** Admin-like scopes (high when nothing narrower is offered). */
export function checkScopes(scopes: readonly string[], add: AddFinding, basis = ''): void {
  const admin = scopes.filter((scope) => ADMIN_SCOPE.test(scope));
  if (admin.length === 0) return;
  // Only admin-like scopes: consenting means admin rights. With narrower ones beside them, a client can ask for less.
  const onlyAdmin = admin.length === scopes.length;
  add(
    'scope-admin',
    `Admin-like scope${admin.length > 1 ? 's' : ''}: ${admin.join(', ')} (of ${scopes.join(', ')})${onlyAdmin ? '; nothing narrower is offered' : ''}${basis}.`,
    onlyAdmin ? 'high' : 'medium',
  );
}
