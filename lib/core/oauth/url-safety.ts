/**
 * URLs in OAuth metadata that a client may open, read for what makes opening them dangerous before
 * any scheme check: shell metacharacters (metadata-url-shell, critical: CVE-2025-6514, a client that
 * opens an authorization_endpoint through a shell runs it) and credentials in the authority
 * (metadata-url-credentials). The raw string is read, not the parsed URL (parsing percent-encodes
 * what a shell would still see in the original). A query's & is a separator, not a command.
 */
import type { AddFinding } from './findings';

/** Keys of authorization-server metadata (RFC 8414 §2) and protected-resource metadata (RFC 9728 §2) holding URLs. */
export const METADATA_URL_KEYS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'jwks_uri',
  'revocation_endpoint',
  'introspection_endpoint',
  'userinfo_endpoint',
  'end_session_endpoint',
  'device_authorization_endpoint',
  'pushed_authorization_request_endpoint',
  'service_documentation',
  'op_policy_uri',
  'op_tos_uri',
  'resource',
  'resource_documentation',
  'resource_policy_uri',
  'resource_tos_uri',
] as const;

/** The shell metacharacters of a URL, each once, or none. */
export function shellMetacharacters(url: string): string[] {
  const found = new Set<string>();
  for (const sequence of ['$(', '${', '`', ';', '|', '\n', '\r']) if (url.includes(sequence)) found.add(sequence);
  const query = url.indexOf('?');
  const ampersand = url.indexOf('&');
  if (ampersand !== -1 && (query === -1 || ampersand < query)) found.add('&');
  // In a query, & separates parameters: a command only where no name=value follows.
  if (query !== -1 && /&(?![\w.~%-]+=)/.test(url.slice(query))) found.add('&');
  return [...found];
}

/** Whether the URL carries a user name or password before its host. */
export function hasCredentials(url: string): boolean {
  if (!URL.canParse(url)) return /^[a-z][\w+.-]*:\/\/[^/?#@\s]*@/i.test(url);
  const parsed = new URL(url);
  return parsed.username !== '' || parsed.password !== '';
}

const shown = (characters: readonly string[]): string =>
  characters.map((c) => (c === '\n' ? 'a newline' : c === '\r' ? 'a carriage return' : JSON.stringify(c))).join(', ');

/** Checks every URL-valued key of one metadata document (`source`: whose, for the message). */
export function checkMetadataUrls(source: string, doc: Record<string, unknown>, add: AddFinding): void {
  const entries: [string, unknown][] = [
    ...METADATA_URL_KEYS.map((key): [string, unknown] => [key, doc[key]]),
    ...(Array.isArray(doc.authorization_servers)
      ? doc.authorization_servers.map((value, i): [string, unknown] => [`authorization_servers[${i}]`, value])
      : []),
  ];
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue;
    const characters = shellMetacharacters(value);
    if (characters.length > 0)
      add(
        'metadata-url-shell',
        `${key} of ${source} holds shell metacharacters (${shown(characters)}): ${JSON.stringify(value.slice(0, 200))}. A client that opens this URL through a shell runs it.`,
      );
    if (hasCredentials(value)) {
      const host = URL.canParse(value) ? new URL(value).host : 'its host';
      add('metadata-url-credentials', `${key} of ${source} carries a user name or password before ${host}.`);
    }
  }
}
