/**
 * Signal: an argument takes any network destination: named like a URL or a host (…url, …uri,
 * …endpoint, …webhook, host, hostname) or declared with a URI, hostname or IP format, and not
 * restricted by enum, const or pattern, and able to hold text: an argument whose type is a boolean,
 * a number or an object is no address (desktop-commander's `isUrl` is a switch). Top-level arguments
 * only. MCP security best practices (SSRF).
 */
import { raised, type FlagDefinition } from '../finding';
import { listed, type SignalRule } from './signal-rule';
import { isRecord } from '../is-record';

export const UNRESTRICTED_URL_ID = 'unrestricted-url';

const DESTINATION_ARGUMENT = /(?:url|uri|href|endpoint|webhook)$|^(?:host|hostname|server_?host|target_?host)$/i;
const DESTINATION_FORMATS = new Set([
  'uri',
  'url',
  'iri',
  'uri-reference',
  'iri-reference',
  'hostname',
  'ipv4',
  'ipv6',
]);

const TEXT_TYPES = new Set(['string', 'array']);

/** Whether the argument can hold text: its type (or one of its anyOf/oneOf branches) is a string, or it has no type. */
function holdsText(property: Record<string, unknown>): boolean {
  const branches: unknown[] = [property.anyOf, property.oneOf].flatMap((list): unknown[] =>
    Array.isArray(list) ? (list as unknown[]) : [],
  );
  if (branches.length > 0) return branches.some((branch) => isRecord(branch) && holdsText(branch));
  const { type } = property;
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.some((one) => typeof one === 'string' && TEXT_TYPES.has(one));
}

/** Top-level arguments that take any network destination. */
export function unrestrictedUrlArguments(inputSchema: unknown): string[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  return Object.entries(inputSchema.properties)
    .filter(([key, schema]) => {
      const property = isRecord(schema) ? schema : {};
      const looksLikeDestination =
        DESTINATION_ARGUMENT.test(key) ||
        (typeof property.format === 'string' && DESTINATION_FORMATS.has(property.format));
      const restricted = 'enum' in property || 'const' in property || 'pattern' in property;
      return looksLikeDestination && !restricted && holdsText(property);
    })
    .map(([key]) => key);
}

export const UNRESTRICTED_URL_DEFINITION: FlagDefinition<typeof UNRESTRICTED_URL_ID> = {
  id: UNRESTRICTED_URL_ID,
  severity: 'medium',
  title: 'Takes any URL',
  meaning:
    'An argument takes a network destination (named like a URL or a host, or declared with a URI, hostname or IP format; a boolean or number argument such as isUrl is none) with no enum, const or pattern restricting it. Whatever the tool sends or fetches can go to an address the agent chooses: an exfiltration or server-side request path. Heuristic: top-level arguments only.',
  default: null,
  doesNotTell: 'Whether the server restricts the address itself, or what it sends there.',
  reference: 'MCP security best practices (SSRF, data exfiltration); heuristic of this tool',
};

export const unrestrictedUrlRule: SignalRule<typeof UNRESTRICTED_URL_ID> = {
  definition: UNRESTRICTED_URL_DEFINITION,
  check({ inputSchema }) {
    const urls = unrestrictedUrlArguments(inputSchema);
    if (urls.length === 0) return null;
    return raised(
      UNRESTRICTED_URL_DEFINITION,
      `${urls.length === 1 ? 'Argument' : 'Arguments'} ${listed(urls)} ${urls.length === 1 ? 'takes' : 'take'} any URL (no enum, const or pattern).`,
    );
  },
};
