/**
 * The 2025-03-26 revision's discovery (MCP authorization spec 2025-03-26, "Server Metadata
 * Discovery" and "Fallbacks for Servers without Metadata Discovery"), used only when a server
 * publishes no protected-resource metadata: the MCP server's origin is the authorization server,
 * its RFC 8414 metadata at /.well-known/oauth-authorization-server, else the default endpoints
 * /authorize, /token and /register. Which generation a server uses, and its finding.
 */
import type { AddFinding } from './findings';
import { parseJsonObject } from './json-document';
import type { AuthorizationServer, DiscoveryGeneration, FetchedDocument, OAuthEvidence } from './schemas';

/** The metadata the 2025-03-26 spec implies for default endpoints (PKCE S256 is required there too). */
export function defaultEndpointsMetadata(origin: string): Record<string, unknown> {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  };
}

/** Which discovery found the authorization server: protected-resource metadata, a 2025-03-26 fallback, or none. */
export function discoveryGeneration(evidence: OAuthEvidence, prmUsed: boolean): DiscoveryGeneration {
  if (prmUsed) return 'protected-resource';
  return evidence.legacy?.kind ?? 'none';
}

/** The finding that names the generation, for the 2025-03-26 fallbacks. */
export function checkLegacyDiscovery(evidence: OAuthEvidence, add: AddFinding): void {
  const legacy = evidence.legacy;
  if (legacy === undefined) return;
  if (legacy.kind === 'origin-metadata')
    add(
      'discovery-2025-03-26',
      `No protected-resource metadata: the authorization-server metadata is at the server's origin (${legacy.metadata.url ?? legacy.origin}), the 2025-03-26 discovery.`,
    );
  else
    add(
      'discovery-2025-03-26',
      `No metadata at all: a sign-in relies on the 2025-03-26 default endpoints ${legacy.origin}/authorize, /token and /register.`,
    );
}

/**
 * The issuer to check the origin's metadata against. The 2025-03-26 spec reads the metadata at the
 * origin whatever issuer it names; RFC 8414 §3.3 would refuse an issuer with a path there. An issuer
 * on the MCP server's own origin is taken as named (and then checked on the way back, RFC 9207); one
 * on another origin is compared with the origin, so it stays refused (as-issuer-mismatch).
 */
export function originMetadataIssuer(origin: string, metadata: FetchedDocument): string {
  const named = parseJsonObject(metadata).value?.issuer;
  if (typeof named !== 'string' || !URL.canParse(named)) return origin;
  return new URL(named).origin === origin ? named : origin;
}

/** The authorization server of default endpoints: the spec's defaults, marked as assumed. */
export function defaultEndpointsServer(origin: string): AuthorizationServer {
  return {
    issuer: origin,
    metadataUrl: null,
    document: defaultEndpointsMetadata(origin),
    registration: 'dynamic',
    assumed: true,
  };
}

/** One line naming the discovery generation, for the CLI and the dashboard. */
export function describeDiscovery(generation: DiscoveryGeneration): string {
  switch (generation) {
    case 'protected-resource':
      return 'protected-resource metadata (RFC 9728), as the 2025-06-18 and later revisions require';
    case 'origin-metadata':
      return "2025-03-26: authorization-server metadata at the MCP server's origin, no protected-resource metadata";
    case 'default-endpoints':
      return '2025-03-26: nothing published; the default /authorize, /token and /register at the origin';
    case 'none':
      return 'none: no authorization server was found';
  }
}
