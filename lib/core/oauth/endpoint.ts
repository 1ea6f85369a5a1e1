/**
 * What the endpoint's answer to an unauthenticated POST initialize says (MCP authorization spec
 * 2025-11-25, "Authorization Flow Steps"): 401/403 means it requires authorization; a 2xx MCP
 * answer (JSON or an event stream) means it answers anyone.
 */

/** HTTP 401 or 403 to a request without credentials: the server requires authorization. */
export function requiresAuthorization(status: number | null): boolean {
  return status === 401 || status === 403;
}

/** A 2xx answer in an MCP content type: the server answered initialize without any credentials. */
export function answersWithoutCredentials(status: number | null, contentType: string | null): boolean {
  return (
    status !== null &&
    status >= 200 &&
    status < 300 &&
    /^(application\/json|text\/event-stream)\b/i.test(contentType ?? '')
  );
}
