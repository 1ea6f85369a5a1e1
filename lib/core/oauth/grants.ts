/**
 * Grants an authorization server still offers that OAuth 2.1 removes: the implicit grant (a
 * response type carrying `token`, or `implicit` in grant_types_supported) and the resource owner
 * password credentials grant (`password`), from its RFC 8414 metadata. RFC 9700 §2.1.2 and §2.4.
 * Also whether it offers the client credentials grant (machine clients, the
 * io.modelcontextprotocol/oauth-client-credentials extension): a fact, raised as info.
 */
import type { AddFinding } from './findings';
import { stringsOf } from './json-document';

/** The response types (RFC 8414 response_types_supported) that return an access token from the authorization endpoint. */
export function implicitResponseTypes(doc: Record<string, unknown>): string[] {
  return stringsOf(doc.response_types_supported).filter((type) => type.split(/\s+/).includes('token'));
}

export function checkLegacyGrants(issuer: string, doc: Record<string, unknown>, add: AddFinding): void {
  const grants = stringsOf(doc.grant_types_supported);
  const responseTypes = implicitResponseTypes(doc);
  const evidence = [
    ...responseTypes.map((type) => `response type "${type}"`),
    ...(grants.includes('implicit') ? ['grant type "implicit"'] : []),
  ];
  if (evidence.length > 0) add('as-implicit-grant', `${issuer} offers the implicit grant (${evidence.join(', ')}).`);
  if (grants.includes('password'))
    add('as-password-grant', `${issuer} offers the password grant (grant type "password").`);
}

/** Whether the metadata lists the client credentials grant (RFC 8414's default list does not). */
export const offersClientCredentials = (doc: Record<string, unknown>): boolean =>
  stringsOf(doc.grant_types_supported).includes('client_credentials');

export function checkClientCredentials(issuer: string, doc: Record<string, unknown>, add: AddFinding): void {
  if (!offersClientCredentials(doc)) return;
  const methods = stringsOf(doc.token_endpoint_auth_methods_supported);
  add(
    'as-client-credentials',
    `${issuer} offers the client credentials grant${methods.length === 0 ? '' : ` (client authentication: ${methods.join(', ')})`}.`,
  );
}
