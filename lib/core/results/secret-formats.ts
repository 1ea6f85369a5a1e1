/**
 * Secrets by their format (issue 46): private keys, cloud keys, provider tokens, connection strings
 * and URLs with a password, found in a text by a maintained rule set rather than by patterns of our
 * own: secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, MIT; docs/
 * findings.md says why it was chosen). Its rules are run here through their own API, synchronously,
 * as a text with no file name, so no rule reads a file (the one that can, GCP's .p12 check, needs a
 * path) and none loads anything; AWS access key ids are switched on (the preset leaves them off for
 * code, where they are often examples). Each rule reports through a translator that returns its
 * message id, never its message: a message would hold the secret. Two rules the preset lacks are
 * ours: a JWT (three base64url parts whose first decodes to a JSON header with `alg`) and the
 * exercise's canary marker (lib/server/exercise/folders.ts). Pure.
 */
import { rules as PRESET_RULES } from '@secretlint/secretlint-rule-preset-recommend';
import { mapJsonStrings } from '../json-strings';

/** One secret found: what kind it is, and where in the text (the text itself is never kept). */
export interface SecretMatch {
  /** Words for the kind ("a private key (PEM)"). */
  kind: string;
  /** The rule that found it ("secretlint aws", "jwt"). */
  rule: string;
  start: number;
  end: number;
}

/** What a secretlint rule sees of its context and source here (the preset's own API, narrowed). */
interface RuleContext {
  createTranslator: () => (messageId: string) => string;
  report: (descriptor: { message: string; range: readonly [number, number] }) => void;
  ignore: () => void;
}
interface RuleSource {
  content: string;
  contentType: 'text';
  filePath: undefined;
  ext: '';
}
interface LoadedRule {
  meta: { id: string };
  create: (context: RuleContext, options: Record<string, unknown>) => { file?: (source: RuleSource) => unknown };
}

const PREFIX = '@secretlint/secretlint-rule-';
/** secretlint-disable comments are for source files: a result has none to honour. */
const SKIPPED_RULES = new Set(['filter-comments']);
const OPTIONS: Record<string, Record<string, unknown>> = { aws: { enableIDScanRule: true } };

/** The kind of each message id, in words; a rule whose id is not listed is named by its rule. */
const KINDS: Record<string, string> = {
  AWSAccessKeyID: 'an AWS access key id',
  AWSSecretAccessKey: 'an AWS secret access key',
  AWSAccountID: 'an AWS account id',
  PrivateKey: 'a private key (PEM)',
  PrivateKeyJSON: "a GCP service account's private key",
  BasicAuth: 'a URL with a user name and password',
};
const RULE_KINDS: Record<string, string> = {
  'database-connection-string': 'a database connection string with a password',
  github: 'a GitHub token',
  gitlab: 'a GitLab token',
  slack: 'a Slack token or webhook',
  stripe: 'a Stripe key',
  openai: 'an OpenAI API key',
  anthropic: 'an Anthropic API key',
  npm: 'an npm token',
  sendgrid: 'a SendGrid API key',
  shopify: 'a Shopify token',
  gcp: 'a GCP key',
  groq: 'a Groq API key',
  huggingface: 'a Hugging Face token',
  linear: 'a Linear API key',
  notion: 'a Notion token',
  '1password': 'a 1Password token',
  'hashicorp-vault': 'a HashiCorp Vault token',
  vercel: 'a Vercel token',
  databricks: 'a Databricks token',
  docker: 'a Docker credential',
  figma: 'a Figma token',
  cloudflare: 'a Cloudflare token',
  tailscale: 'a Tailscale key',
  grafana: 'a Grafana token',
};

const LOADED = (PRESET_RULES as unknown as readonly LoadedRule[])
  .map((rule) => ({ rule, name: rule.meta.id.startsWith(PREFIX) ? rule.meta.id.slice(PREFIX.length) : rule.meta.id }))
  .filter(({ name }) => !SKIPPED_RULES.has(name));

/** The secretlint rule set's version and size, for the docs and the tests. */
export const SECRET_RULE_NAMES: readonly string[] = LOADED.map(({ name }) => name);

function presetMatches(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  const source: RuleSource = { content: text, contentType: 'text', filePath: undefined, ext: '' };
  for (const { rule, name } of LOADED) {
    const context: RuleContext = {
      createTranslator: () => (messageId) => messageId,
      report: ({ message, range }) => {
        found.push({
          kind: KINDS[message] ?? RULE_KINDS[name] ?? `a secret (${name})`,
          rule: `secretlint ${name}`,
          start: range[0],
          end: range[1],
        });
      },
      ignore: () => undefined,
    };
    try {
      // A rule that would work asynchronously (a file to read) has nothing to do without a path.
      void rule.create(context, OPTIONS[name] ?? {}).file?.(source);
    } catch {
      // A rule that fails on this text finds nothing in it; the others still run.
    }
  }
  return found;
}

const JWT = /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}/g;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url to text (ASCII only; enough for a JSON header), or null. */
function decodeBase64Url(part: string): string | null {
  if (!BASE64URL.test(part)) return null;
  let bits = 0;
  let value = 0;
  let out = '';
  for (const char of part) {
    value = (value << 6) | B64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
}

/** A JWT: its header decodes to a JSON object with a string `alg` (not just any dotted base64). */
function jwtMatches(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const match of text.matchAll(JWT)) {
    const header = decodeBase64Url(match[0].split('.')[0] ?? '');
    let alg: unknown;
    try {
      alg = header === null ? undefined : (JSON.parse(header) as { alg?: unknown }).alg;
    } catch {
      alg = undefined;
    }
    if (typeof alg === 'string')
      found.push({ kind: 'a JWT', rule: 'jwt', start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** The marker of a canary the exercise planted (lib/server/exercise/folders.ts). */
export const CANARY_MARKER = /HINTCHECK-CANARY-[0-9a-f]{24}/g;

function canaryMatches(text: string): SecretMatch[] {
  return [...text.matchAll(CANARY_MARKER)].map((match) => ({
    kind: "a canary planted by mcp-hintcheck's sandbox",
    rule: 'canary',
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Texts longer than this are read up to it (a result is capped before it gets here anyway). */
export const SECRET_SCAN_CHARS = 1_000_000;

/** The secrets in `text`, in order of position (overlapping matches of several rules kept). */
export function secretMatches(text: string): SecretMatch[] {
  const read = text.length > SECRET_SCAN_CHARS ? text.slice(0, SECRET_SCAN_CHARS) : text;
  return [...presetMatches(read), ...jwtMatches(read), ...canaryMatches(read)].sort(
    (a, b) => a.start - b.start || b.end - a.end,
  );
}

export const SECRET_MASK = '«redacted»';

/** The text with every secret found in it replaced (overlaps merged), and what was found. */
export function maskSecretsInText(text: string): { text: string; matches: SecretMatch[] } {
  const matches = secretMatches(text);
  if (matches.length === 0) return { text, matches };
  let out = '';
  let at = 0;
  for (const match of matches) {
    if (match.end <= at) continue;
    out += `${text.slice(at, Math.max(at, match.start))}${SECRET_MASK}`;
    at = match.end;
  }
  return { text: `${out}${text.slice(at)}`, matches };
}

/** A deep copy of a JSON value with every secret in its strings (keys too) replaced. */
export function maskSecrets<T>(value: T): T {
  return mapJsonStrings(value, (text) => maskSecretsInText(text).text);
}
