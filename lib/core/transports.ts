/**
 * The transports, defined once. A target names stdio or one of the hosted choices (auto tries
 * Streamable HTTP, then falls back to the legacy HTTP+SSE transport on 400/404/405, as the MCP
 * spec's backwards-compatibility section describes); a connection is stdio, Streamable HTTP or SSE.
 */
import { z } from 'zod';

export const HOSTED_TRANSPORTS = ['auto', 'streamable-http', 'sse'] as const;
export const hostedTransportSchema = z.enum(HOSTED_TRANSPORTS);
export type HostedTransport = z.infer<typeof hostedTransportSchema>;

/** What a target may ask for. */
export const TRANSPORTS = ['stdio', ...HOSTED_TRANSPORTS] as const;
export const transportSchema = z.enum(TRANSPORTS);
export type Transport = z.infer<typeof transportSchema>;

/** What a connection actually used (auto resolved). */
export const WIRE_TRANSPORTS = ['stdio', 'streamable-http', 'sse'] as const;
export const wireTransportSchema = z.enum(WIRE_TRANSPORTS);
export type WireTransport = z.infer<typeof wireTransportSchema>;

export function isHostedTransport(value: string): value is HostedTransport {
  return (HOSTED_TRANSPORTS as readonly string[]).includes(value);
}
