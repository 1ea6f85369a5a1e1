/**
 * The transports, defined once. A target names stdio or one of the hosted choices (auto tries
 * Streamable HTTP, then falls back to the legacy HTTP+SSE transport on 400/404/405, as the MCP
 * spec's backwards-compatibility section describes); a connection is stdio, Streamable HTTP or SSE.
 * Free of zod on purpose: the CLI reads these before it starts a server (their schemas are in
 * transport-schemas.ts).
 */
export const HOSTED_TRANSPORTS = ['auto', 'streamable-http', 'sse'] as const;
export type HostedTransport = (typeof HOSTED_TRANSPORTS)[number];

/** What a target may ask for. */
export const TRANSPORTS = ['stdio', ...HOSTED_TRANSPORTS] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** What a connection actually used (auto resolved). */
export const WIRE_TRANSPORTS = ['stdio', 'streamable-http', 'sse'] as const;
export type WireTransport = (typeof WIRE_TRANSPORTS)[number];

export function isHostedTransport(value: string): value is HostedTransport {
  return (HOSTED_TRANSPORTS as readonly string[]).includes(value);
}
