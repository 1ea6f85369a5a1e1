/** OAuth finding as-client-credentials: “Client credentials grant offered”. */
import type { FindingDefinition } from '../../finding';

export const AS_CLIENT_CREDENTIALS_DEFINITION: FindingDefinition<'as-client-credentials'> = {
  id: 'as-client-credentials',
  severity: 'info',
  title: 'Client credentials grant offered',
  meaning:
    'The authorization server lists client_credentials in grant_types_supported: a machine client with a pre-registered id and secret (or key) gets a token without a person signing in (the io.modelcontextprotocol/oauth-client-credentials extension). `--login client-credentials` audits such a server signed in.',
  doesNotTell:
    'Which clients are registered for it or what their tokens may do: the server decides per client, out of band. An authorization server that omits grant_types_supported offers, by RFC 8414 default, only authorization_code and implicit.',
  reference: 'MCP extension io.modelcontextprotocol/oauth-client-credentials; RFC 6749 §4.4; RFC 8414 §2',
};
