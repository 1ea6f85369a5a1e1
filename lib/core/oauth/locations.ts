/**
 * Where to look for authorization metadata, in the order the MCP authorization spec (2025-11-25)
 * gives: RFC 9728 §3.1 for protected-resource metadata, RFC 8414 §3.1 and OpenID Connect
 * Discovery for authorization-server metadata (path-aware).
 */

/** RFC 9728 §3.1: insert the well-known suffix between host and path; then the root location. */
export function protectedResourceMetadataUrls(resource: string): string[] {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path === '' ? [root] : [`${root}${path}`, root];
}

/** RFC 8414 §3.1 and OpenID Connect Discovery, path-aware, in the order the MCP spec gives. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  if (path === '') {
    return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  }
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}
