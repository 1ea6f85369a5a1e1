/**
 * The shapes of the OAuth check: every request made (a probe, with its kind), the report shown by
 * the CLI and the dashboard, and the evidence the server layer hands to the report builder.
 */
import { z } from 'zod';
import { findingSchema } from './findings';

/**
 * What each request was for. Rules match on the kind, never on the human-readable purpose.
 * The endpoint kinds are the user's own URL; the others are URLs the check derived or a
 * server-supplied document named.
 */
export const PROBE_KINDS = [
  'endpoint-post',
  'endpoint-get',
  'endpoint-bogus-token',
  'prm-challenge',
  'prm-well-known-path',
  'prm-well-known-root',
  'as-metadata',
  'as-metadata-origin',
] as const;
export const probeKindSchema = z.enum(PROBE_KINDS);
export type ProbeKind = z.infer<typeof probeKindSchema>;

/** The user's own endpoint, as opposed to a URL taken from a document. */
export function isEndpointProbe(kind: ProbeKind): boolean {
  return kind === 'endpoint-post' || kind === 'endpoint-get' || kind === 'endpoint-bogus-token';
}

/** A location tried for the protected-resource metadata (RFC 9728). */
export function isProtectedResourceProbe(kind: ProbeKind): boolean {
  return kind === 'prm-challenge' || kind === 'prm-well-known-path' || kind === 'prm-well-known-root';
}

/** The sentence shown for a probe of this kind (issuer: for authorization-server metadata). */
export function probePurpose(kind: ProbeKind, issuer = ''): string {
  switch (kind) {
    case 'endpoint-post':
      return 'MCP endpoint, POST initialize without credentials';
    case 'endpoint-get':
      return 'MCP endpoint, GET';
    case 'endpoint-bogus-token':
      return 'MCP endpoint, POST initialize with a made-up bearer token';
    case 'prm-challenge':
      return 'protected-resource metadata (from WWW-Authenticate)';
    case 'prm-well-known-path':
      return 'protected-resource metadata (well-known, path)';
    case 'prm-well-known-root':
      return 'protected-resource metadata (well-known, root)';
    case 'as-metadata':
      return `authorization-server metadata for ${issuer}`;
    case 'as-metadata-origin':
      return "authorization-server metadata at the server's origin (2025-03-26 discovery)";
  }
}

export const probeSchema = z.object({
  kind: probeKindSchema,
  purpose: z.string(),
  method: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  contentType: z.string().nullable(),
  /** Why no status: blocked, timeout, too-large, network, tls, ... */
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  redirects: z.array(z.string()),
  durationMs: z.number(),
  wwwAuthenticate: z.string().nullable(),
});
export type Probe = z.infer<typeof probeSchema>;

export const SCOPE_SOURCES = ['challenge', 'metadata', 'none'] as const;
export type ScopeSource = (typeof SCOPE_SOURCES)[number];

export const challengeSchema = z.object({
  scheme: z.string(),
  resourceMetadata: z.string().nullable(),
  scope: z.string().nullable(),
  error: z.string().nullable(),
});
export type BearerChallenge = z.infer<typeof challengeSchema>;

/** How a client can get an identity at an authorization server (null: its metadata was not usable). */
export const REGISTRATION_KINDS = ['client-id-metadata', 'dynamic', 'both', 'neither'] as const;
export const registrationKindSchema = z.enum(REGISTRATION_KINDS);
export type RegistrationKind = z.infer<typeof registrationKindSchema>;

export const authorizationServerSchema = z.object({
  issuer: z.string(),
  metadataUrl: z.string().nullable(),
  document: z.unknown(),
  registration: registrationKindSchema.nullable().default(null),
  /** True when the document is the 2025-03-26 default endpoints, not metadata the server published. */
  assumed: z.boolean().default(false),
});
export type AuthorizationServer = z.infer<typeof authorizationServerSchema>;

/**
 * How a client finds the authorization server: protected-resource metadata (2025-06-18 onwards),
 * or the 2025-03-26 revision's fallbacks (metadata at the MCP server's origin, then its default
 * endpoints), or not at all.
 */
export const DISCOVERY_GENERATIONS = ['protected-resource', 'origin-metadata', 'default-endpoints', 'none'] as const;
export const discoveryGenerationSchema = z.enum(DISCOVERY_GENERATIONS);
export type DiscoveryGeneration = z.infer<typeof discoveryGenerationSchema>;

export const oauthReportSchema = z.object({
  url: z.string(),
  discovery: discoveryGenerationSchema.default('none'),
  /** False when not one request to the server got an HTTP answer. */
  reachable: z.boolean(),
  probes: z.array(probeSchema),
  challenge: challengeSchema.nullable(),
  protectedResource: z.object({ url: z.string().nullable(), document: z.unknown(), used: z.boolean() }),
  authorizationServers: z.array(authorizationServerSchema),
  /** What a client asks for by default: the challenge's scope, else scopes_supported. */
  scopes: z.array(z.string()),
  scopeSource: z.enum(SCOPE_SOURCES),
  /** What the server offers: the used metadata's scopes_supported (what scope-single and scope-admin judge). */
  offeredScopes: z.array(z.string()).default([]),
  /** What the 401 challenge asked for, reported apart from what is offered. */
  challengeScopes: z.array(z.string()).default([]),
  findings: z.array(findingSchema),
  /** True when the URL is a web page, not an MCP endpoint (lib/core/web-page.ts): nothing else was judged. */
  webPage: z.boolean().optional(),
  lessons: z.object({ issuer: z.string(), scopes: z.string(), transport: z.string() }),
});
export type OAuthReport = z.infer<typeof oauthReportSchema>;

/** A fetched document, as the discovery saw it. */
export interface FetchedDocument {
  /** The URL that answered (after redirects), or null when none did. */
  url: string | null;
  status: number | null;
  contentType: string | null;
  body: string | null;
}

/** What the server layer observed, for buildOAuthReport. */
export interface OAuthEvidence {
  /** The URL the user gave. */
  url: string;
  /** The same URL redacted for display. */
  displayUrl: string;
  /** True when the user gave a loopback URL (local development: http and loopback allowed). */
  loopbackTarget: boolean;
  probes: Probe[];
  initialize: { status: number | null; contentType: string | null; wwwAuthenticate: string | null };
  /** The GET for an event stream; its content type tells a web page (lib/core/web-page.ts). */
  get: { status: number | null; contentType?: string | null | undefined };
  /** The answer to POST initialize with a made-up bearer token, when it was sent (protected servers only). */
  bogusToken?: { status: number | null; wwwAuthenticate: string | null; contentType: string | null } | undefined;
  /** The resource values the protected-resource metadata may name (RFC 9728 §3.3), and the document found. */
  prm: FetchedDocument & { expectedResources: string[] };
  authorizationServers: { issuer: string; metadata: FetchedDocument }[];
  /**
   * The 2025-03-26 fallbacks, tried only when no protected-resource metadata exists: the metadata
   * found at the origin (origin-metadata), or none there either (default-endpoints).
   */
  legacy?:
    | { kind: 'origin-metadata'; origin: string; metadata: FetchedDocument }
    | { kind: 'default-endpoints'; origin: string }
    | undefined;
}
