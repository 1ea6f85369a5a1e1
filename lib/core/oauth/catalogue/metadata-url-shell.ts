/** OAuth finding metadata-url-shell: “A metadata URL holds shell metacharacters”. */
import type { FindingDefinition } from '../../finding';

export const METADATA_URL_SHELL_DEFINITION: FindingDefinition<'metadata-url-shell'> = {
  id: 'metadata-url-shell',
  severity: 'critical',
  title: 'A metadata URL holds shell metacharacters',
  meaning:
    'A URL in the OAuth metadata that a client may open (authorization_endpoint above all, opened in the browser for sign-in; also the token, registration and JWKS endpoints, the issuer, the authorization servers a resource names, documentation and policy links) holds shell metacharacters: $( or ${, a backtick, ;, |, a newline, or & outside a query string. A client that opens this URL through a shell runs it: CVE-2025-6514, where mcp-remote passed an authorization_endpoint such as "a:$(cmd.exe /c …)" to a command that opened it through the shell. No honest authorization server needs them. This audit never opens such a URL (it opens the browser without a shell, and refuses a URL that is not https).',
  doesNotTell:
    'Whether your client opens URLs through a shell, or what the command would do: read the URL in the message, and update clients such as mcp-remote (fixed in 0.1.16).',
  reference:
    'CVE-2025-6514 (mcp-remote, OS command injection through authorization_endpoint); RFC 8414 §2; RFC 9728 §2; MCP specification 2025-11-25, Authorization',
};
