/**
 * Whether to offer listing a hosted server's tools after its OAuth check, and why (one line for the
 * dashboard): with the headers the user typed, when the server answers anyone, or not yet (it
 * requires authorization, or did not answer as an open MCP server). The 401/403 test is the one
 * the report uses (endpoint.ts).
 */
import { requiresAuthorization } from './endpoint';
import type { OAuthReport } from './schemas';

/** The finding that says the server answered initialize without credentials. */
export const NO_AUTH_FINDING = 'no-auth-required';

export function answersWithoutAuth(oauth: OAuthReport): boolean {
  return oauth.findings.some((finding) => finding.id === NO_AUTH_FINDING);
}

export interface ListToolsGate {
  enabled: boolean;
  reason: string;
  /** Offer to add an Authorization header row. */
  suggestAuthorization: boolean;
}

/** A header row as typed: a name and a value, either may be empty. */
export interface HeaderRow {
  name: string;
  value: string;
}

/**
 * Whether to offer a listing: the server answers without authorization, or the user gave a header
 * (a name and a value). Otherwise a one-line reason.
 */
export function listToolsGate(oauth: OAuthReport | null, headers: readonly HeaderRow[]): ListToolsGate {
  const named = headers.filter((row) => row.name.trim() !== '');
  const complete = named.filter((row) => row.value !== '');
  const hasAuthorizationRow = named.some((row) => row.name.trim().toLowerCase() === 'authorization');
  if (complete.length > 0) {
    const names = complete.map((row) => row.name.trim()).join(', ');
    return {
      enabled: true,
      reason: `Lists its tools with the ${complete.length === 1 ? 'header' : 'headers'} you entered (${names}). Values never appear in the report.`,
      suggestAuthorization: false,
    };
  }
  if (oauth === null) {
    return {
      enabled: true,
      reason: 'The authorization check did not finish; you can still try to list its tools.',
      suggestAuthorization: false,
    };
  }
  if (answersWithoutAuth(oauth)) {
    return {
      enabled: true,
      reason: 'The server answers without authorization: list its tools the way anyone could (tools/list only).',
      suggestAuthorization: false,
    };
  }
  if (named.length > 0) {
    const name = named[0]?.name.trim() ?? 'header';
    return {
      enabled: false,
      reason: `Type a value for the ${name} header (for example Bearer <token>) to list its tools.`,
      suggestAuthorization: false,
    };
  }
  const status = oauth.probes.find((probe) => probe.kind === 'endpoint-post')?.status ?? null;
  const reason = !oauth.reachable
    ? 'The server could not be reached: check the URL, or add a header if it needs one to answer.'
    : requiresAuthorization(status)
      ? 'This server requires authorization: add an Authorization header to list its tools.'
      : `The endpoint did not answer as an open MCP server (POST initialize: ${status === null ? 'no answer' : `HTTP ${status}`}): add an Authorization header if it needs one, or check the URL.`;
  return { enabled: false, reason, suggestAuthorization: !hasAuthorizationRow };
}
