/** OAuth finding as-password-grant: “Password grant offered”. */
import type { FindingDefinition } from '../../finding';

export const AS_PASSWORD_GRANT_DEFINITION: FindingDefinition<'as-password-grant'> = {
  id: 'as-password-grant',
  severity: 'high',
  title: 'Password grant offered',
  meaning:
    "grant_types_supported lists password, the resource owner password credentials grant: a client collects the user's password itself and trades it for a token, bypassing the authorization server's own sign-in page (and with it multi-factor checks and consent). RFC 9700 \u00a72.4 says it must not be used; OAuth 2.1 removes it. MCP clients never use it: any client that can reach this server can, so a leaked or guessed password is a token.",
  doesNotTell: 'That any client uses it, or that passwords have leaked.',
  reference: 'RFC 9700 §2.4; OAuth 2.1',
};
