/**
 * Step-up authorization (MCP authorization spec 2025-11-25, "Scope Challenge Handling"): a request
 * refused with 403 and WWW-Authenticate: Bearer error="insufficient_scope", scope="..." names the
 * scopes it needs; the client signs in again asking for the union of what it was granted and what
 * the challenge asks for. Bounded: a scope set is asked for once, so a server that refuses whatever
 * it is given cannot loop the sign-in. Pure: lib/cli/step-up.ts observes the requests and signs in.
 */
import { z } from 'zod';
import type { Choice } from './choice';
import { parseWwwAuthenticate } from './www-authenticate';

/** At most this many sign-ins after the first, whatever the server asks. */
export const MAX_STEP_UPS = 2;

/** What the Report records about one insufficient_scope refusal: the request, the scopes it needed, and what was done. */
export const stepUpSchema = z.object({
  /** The JSON-RPC method of the refused request (tools/list, ...), or null when it was not one. */
  method: z.string().nullable(),
  /** The challenge's scope: what the request needed. */
  neededScopes: z.array(z.string()),
  /** The scopes asked for in the new sign-in (the union), or null when none was made. */
  requestedScopes: z.array(z.string()).nullable(),
  /** Why no new sign-in was made, when none was. */
  stopped: z.string().nullable(),
});
export type StepUp = z.infer<typeof stepUpSchema>;

/** The scopes an insufficient_scope challenge asks for, or null when the answer is not one (RFC 6750 §3.1). */
export function insufficientScope(status: number, wwwAuthenticate: string | null): string[] | null {
  if (status !== 403 || wwwAuthenticate === null) return null;
  const bearer = parseWwwAuthenticate(wwwAuthenticate).find((c) => c.scheme.toLowerCase() === 'bearer');
  if (bearer?.params.error !== 'insufficient_scope') return null;
  return (bearer.params.scope ?? '').split(/\s+/).filter((scope) => scope !== '');
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  new Set(a).size === new Set(b).size && a.every((scope) => b.includes(scope));

/**
 * The scopes to sign in again with: the granted ones plus the needed ones. None when the challenge
 * names no scope, when that set was already asked for (the server refuses what it asked for: a new
 * sign-in would not help), or when the bound is reached.
 */
export function nextStepUp(
  needed: readonly string[],
  granted: readonly string[],
  alreadyRequested: readonly (readonly string[])[],
): Choice<string[]> {
  if (needed.length === 0)
    return { ok: false, reason: 'The refusal names no scope (insufficient_scope without scope=): nothing to ask for.' };
  const union = [...new Set([...granted, ...needed])];
  if (alreadyRequested.some((requested) => sameSet(requested, union)))
    return {
      ok: false,
      reason: `Already signed in asking for ${union.join(' ')}: the server refuses the scopes it asks for, so no new sign-in.`,
    };
  if (alreadyRequested.length > MAX_STEP_UPS)
    return { ok: false, reason: `Stopped after ${MAX_STEP_UPS} sign-ins for wider scopes.` };
  return { ok: true, value: union };
}

/** Why a dashboard audit records a refusal without signing in again: the page offers it (dashboardStepUp). */
export const DASHBOARD_NO_STEP_UP =
  'The dashboard does not sign in again by itself: "Sign in with the wider scope" does, when you choose to.';

/** A scope as RFC 6749 §3.3 allows it (NQCHAR, no space): what a sign-in accepts from a page. */
export const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * What the dashboard offers after a signed-in audit whose request was refused for scope: a sign-in
 * asking for the union (nextStepUp, against what this sign-in asked for), or why none, or null when
 * no request was refused.
 */
export function dashboardStepUp(facts: {
  scopesRequested: readonly string[];
  scopesGranted: readonly string[];
  stepUps: readonly StepUp[];
}): { method: string | null; needed: string[]; next: Choice<string[]> } | null {
  const refused = facts.stepUps[0];
  if (refused === undefined) return null;
  return {
    method: refused.method,
    needed: refused.neededScopes,
    next: nextStepUp(refused.neededScopes, facts.scopesGranted, [facts.scopesRequested]),
  };
}
