/** OAuth finding as-implicit-grant: “Implicit grant offered”. */
import type { FindingDefinition } from '../../finding';

export const AS_IMPLICIT_GRANT_DEFINITION: FindingDefinition<'as-implicit-grant'> = {
  id: 'as-implicit-grant',
  severity: 'medium',
  title: 'Implicit grant offered',
  meaning:
    "The authorization server offers the implicit grant (a response type with token, or implicit in grant_types_supported): the access token comes back in the redirect URL's fragment, without PKCE or client authentication, where browser history, Referer headers and injected scripts can read it. OAuth 2.1 removes it and RFC 9700 \u00a72.1.2 (OAuth 2.0 Security Best Current Practice) says clients should not use it. MCP clients sign in with the authorization code and PKCE, so it does not weaken their sign-in by itself: it means other clients of this server can get tokens the weaker way, and that its configuration predates OAuth 2.1 (some libraries still list it by default).",
  doesNotTell: 'That MCP clients use it: they do not.',
  reference: 'RFC 9700 §2.1.2; OAuth 2.1',
};
