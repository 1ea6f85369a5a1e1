/**
 * Surface finding: a resource or resource template whose own text says it holds credentials
 * (serves-credentials, critical): "Internal system credentials - DO NOT SHARE", "System API keys -
 * RESTRICTED ACCESS", a URI such as `internal://credentials`, "admin passwords". A server that
 * offers its own secrets as something a client may read, and marks them as not to be shared, is
 * handing the model what it says must not leave: evidence of an attack or of a server that leaks
 * by design, either way what a reviewer must read first. What an honest server says is not this:
 * documentation about keys ("How to set your API key", "Configure credentials"), a secrets
 * manager's listing of names ("Secret names, values not returned"), and a credential word without
 * a mark of secrecy or a credentials URI (a vault's "Read a secret value", high: it serves secrets,
 * and says so plainly). Phrase patterns; the message quotes the words, with anything in them that
 * looks like a secret replaced (a token shape, a URL password, the value after "password:"). The
 * rule set of results (lib/core/results/secret-formats.ts) is not loaded here: the flag catalogue
 * this file's definition joins is read by the dashboard's pages too.
 */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { CONFIG_REDACTED, hasTokenShape } from '../config/secrets';
import type { Severity } from '../severity';

export const SERVES_CREDENTIALS_ID = 'serves-credentials';

export const SERVES_CREDENTIALS_DEFINITION: FlagDefinition<typeof SERVES_CREDENTIALS_ID> = {
  id: SERVES_CREDENTIALS_ID,
  severity: 'critical',
  title: 'Serves credentials',
  meaning:
    'The resource\'s own name, title, description or URI says it holds credentials, and marks them as secret ("Internal system credentials - DO NOT SHARE", "System API keys - RESTRICTED ACCESS") or names them in its URI (internal://credentials): critical, the server offers the model what it says must not leave. Without a mark of secrecy, a resource that says it returns secret values is high (a vault serving secrets by design). Documentation about keys ("How to set your API key") and a listing of secret names without their values are not this. Heuristic: phrase patterns.',
  default: null,
  doesNotTell:
    'What the resource really holds (its content was not read) or whether the secrets are real; a resource that holds secrets without saying so is not caught (the playground and `call` check what a read returns: result-holds-secret).',
  reference:
    'MCP specification, Server features: Resources; MCP security best practices (token passthrough, data exfiltration)',
};

const CREDENTIALS = String.raw`credentials?|creds|passwords?|passwd|api[ _-]?keys?|secret[ _-]?keys?|secrets|private[ _-]?keys?|access[ _-]?tokens?|auth(?:entication)?[ _-]?tokens?|ssh[ _-]?keys?|connection[ _-]?strings?`;
const CREDENTIAL_WORDS = new RegExp(String.raw`\b(?:${CREDENTIALS})\b`, 'i');
/** A mark that the thing is secret: what an honest server serving documentation does not say. */
const SECRECY =
  /\bdo not share\b|\bdon't share\b|\brestricted\b|\bconfidential\b|\btop secret\b|\bsensitive\b|\badmin(?:istrator)?(?:\s+access)?\s+only\b|\binternal\b|\bprivileged\b|\bclassified\b|\bproduction\b|\b(?:system|admin|root|master|service|database|db)\s+(?:api[ _-]?keys?|credentials?|passwords?|secrets|tokens?)\b/i;
/** Words that mark a resource's content as not for sharing, on their own (no credential named). */
const MARKED_RESTRICTED =
  /\brestricted access\b|\bdo not share\b|\bdon't share\b|\bconfidential\b|\btop secret\b|\bclassified\b|\binternal use only\b|\badmin(?:istrator)? only\b/i;
/** A URI whose host or a path segment is a credentials store: internal://credentials, secrets://, …/passwords. */
const CREDENTIAL_URI =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#]*\/)*(?:credentials?|secrets|passwords?|api[_-]?keys?|private[_-]?keys?|id_rsa|id_ed25519|\.env|\.netrc|\.npmrc)(?:$|[/?#.{])/i;
/** Documentation about credentials, not credentials. */
const DOCUMENTATION =
  /\b(?:how to|how do|guide|tutorial|set ?up|setting up|configur(?:e|es|ing)\b|instructions?|documentation|docs?|example|obtain(?:ing)?|create (?:an?|your)|get (?:an?|your)|rotate|rotating|best practices?)\b/i;
/** A listing of names or metadata, not the values. */
const NAMES_ONLY =
  /\b(?:names?|ids?|identifiers?|metadata|labels?|list) of (?:the |your |all )?(?:secrets|credentials|keys|passwords)\b|\bsecret names\b|\bwithout (?:their |the )?values\b|\bvalues? (?:are|is) (?:not|never) (?:returned|shown|included|exposed)\b|\b(?:never|not) (?:returns?|shows?|exposes?) (?:the |their )?(?:values?|secrets)\b/i;

interface ItemText {
  field: string;
  text: string;
}

const URL_PASSWORD = /:\/\/[^/\s:@]*:[^@\s]+@/g;
const VALUE_AFTER = /\b(password|passwd|pwd|secret|token|key)(\s*[:=]\s*)\S+/gi;

/** The text with anything that looks like a secret replaced. */
function withoutSecrets(text: string): string {
  return text
    .replace(URL_PASSWORD, `://${CONFIG_REDACTED}@`)
    .replace(VALUE_AFTER, (_, name: string, joint: string) => `${name}${joint}${CONFIG_REDACTED}`)
    .split(/(\s+)/)
    .map((word) => (hasTokenShape(word) ? CONFIG_REDACTED : word))
    .join('');
}

/** The sentence of `text` around `index`, at most 120 characters, anything like a secret in it replaced. */
function quoteAround(text: string, index: number): string {
  const before = ['\n', '. ', '! ', '? '].map((mark) => {
    const at = text.lastIndexOf(mark, index);
    return at < 0 ? 0 : at + mark.length;
  });
  const start = Math.max(0, ...before);
  const stops = ['\n', '. ', '! ', '? '].map((end) => text.indexOf(end, index)).filter((at) => at >= 0);
  const end = Math.min(text.length, ...stops);
  const sentence = withoutSecrets(text.slice(start, end).trim());
  return sentence.length > 120 ? `${sentence.slice(0, 119)}…` : sentence;
}

/** What says the item holds credentials, and how strongly; or null. `uri`: its uri or uriTemplate. */
export function servesCredentials(
  texts: readonly ItemText[],
  uri: string,
): { quote: string; severity: Extract<Severity, 'critical' | 'high'> } | null {
  // The description says most, the name least: read in that order.
  const prose = [...texts].reverse().filter(({ text }) => text !== '');
  const all = prose.map(({ text }) => text).join('\n');
  if (NAMES_ONLY.test(all)) return null;
  const uriSays = CREDENTIAL_URI.test(uri);
  for (const { text } of prose) {
    const match = CREDENTIAL_WORDS.exec(text);
    if (match === null) continue;
    const quote = quoteAround(text, match.index);
    if (DOCUMENTATION.test(quote)) continue;
    if (SECRECY.test(quote) || uriSays)
      return { quote: uriSays ? `${quote}" at "${withoutSecrets(uri)}` : quote, severity: 'critical' };
    return { quote, severity: 'high' };
  }
  if (uriSays && !DOCUMENTATION.test(all)) return { quote: withoutSecrets(uri), severity: 'critical' };
  // No credential named, but the item marks what it serves as not for sharing: restricted data, high.
  for (const { text } of prose) {
    const match = MARKED_RESTRICTED.exec(text);
    if (match !== null && !DOCUMENTATION.test(text)) return { quote: quoteAround(text, match.index), severity: 'high' };
  }
  return null;
}

/** The finding on a resource or template, or none. */
export function servesCredentialsFindings(
  texts: readonly ItemText[],
  uri: string,
): Finding<typeof SERVES_CREDENTIALS_ID>[] {
  const found = servesCredentials(texts, uri);
  if (found === null) return [];
  const what =
    found.severity === 'critical'
      ? 'it offers the model credentials it marks as secret'
      : 'it says what it serves is secret or restricted';
  const said =
    found.quote === withoutSecrets(uri) ? `Its URI "${found.quote}" names credentials` : `Says "${found.quote}"`;
  return [raised(SERVES_CREDENTIALS_DEFINITION, `${said}: ${what}.`, found.severity)];
}
