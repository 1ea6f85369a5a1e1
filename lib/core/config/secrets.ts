/**
 * Secrets written in plain text in a configuration: recognised by the shape of well-known tokens
 * or by a secret-sounding name with a literal value. Shown redacted, never as a fragment: only the
 * name and the length.
 */

export const CONFIG_REDACTED = '«redacted»';

const TOKEN_SHAPES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/, // OpenAI, Anthropic (sk-ant-...)
  /\bgh[pousr]_[A-Za-z0-9]{20,}/, // GitHub
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/, // Slack
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key id
  /\bglpat-[A-Za-z0-9_-]{16,}/, // GitLab
  /\bAIza[0-9A-Za-z_-]{30,}/, // Google API key
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,}/, // Stripe
  /\bntn_[A-Za-z0-9]{20,}/, // Notion
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, // JWT
];

const SECRET_NAME =
  /(?:^|[_-])(?:API[_-]?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD|CREDENTIALS?|AUTH|AUTHORIZATION|PAT|ACCESS[_-]?KEY|PRIVATE[_-]?KEY|COOKIE|SESSION)(?:$|[_-])/i;
const PLACEHOLDER =
  /^(?:<.*>|\[.*\]|x+|\*+|\.\.\.|changeme|your[_-].*|.*[_-]here|todo|none|null|placeholder|example.*)$/i;

/** The value looks like a well-known token. */
export function hasTokenShape(value: string): boolean {
  return TOKEN_SHAPES.some((shape) => shape.test(value));
}

/** A name that says its value is a secret (API_KEY, GITHUB_TOKEN, Authorization, ...). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * Whether a literal value (no variable reference) under this name is a plain-text secret: a token
 * shape anywhere, or a secret-sounding name holding 8+ characters that are not a placeholder.
 */
export function isPlaintextSecret(name: string, value: string): boolean {
  if (hasTokenShape(value)) return true;
  const bare = value.replace(/^(?:Bearer|Basic|Token|Bot)\s+/i, '').trim();
  return isSecretName(name) && bare.length >= 8 && !PLACEHOLDER.test(bare);
}

/** How a secret is shown: its name and its length, nothing of its text. */
export function describeSecret(name: string, value: string): string {
  return `${name} = ${CONFIG_REDACTED} (${value.length} characters)`;
}

const SECRET_FLAG = /^--?(?:api[_-]?key|key|token|secret|password|passwd|pat|auth|access[_-]?token)$/i;

/**
 * Arguments for display: a token-shaped argument, the value of `--token=...` and the argument
 * after `--token` (and the like) become «redacted». Returns which positions were redacted.
 */
export function redactArgs(args: readonly string[]): { shown: string[]; redacted: number[] } {
  const shown: string[] = [];
  const redacted: number[] = [];
  args.forEach((arg, index) => {
    const eq = arg.indexOf('=');
    const previous = index > 0 ? (args[index - 1] ?? '') : '';
    if (hasTokenShape(arg)) {
      shown.push(eq > 0 && arg.startsWith('-') ? `${arg.slice(0, eq)}=${CONFIG_REDACTED}` : CONFIG_REDACTED);
      redacted.push(index);
    } else if (eq > 0 && SECRET_FLAG.test(arg.slice(0, eq)) && !arg.slice(eq + 1).startsWith('$')) {
      shown.push(`${arg.slice(0, eq)}=${CONFIG_REDACTED}`);
      redacted.push(index);
    } else if (SECRET_FLAG.test(previous) && !arg.startsWith('-') && !arg.startsWith('$')) {
      shown.push(CONFIG_REDACTED);
      redacted.push(index);
    } else shown.push(arg);
  });
  return { shown, redacted };
}

/** A URL for display: no user or password, every query value replaced; unparsable text is not shown. */
export function displayUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // A URL that still holds an unexpanded variable: show it up to the query.
    const cut = raw.search(/[?#]/);
    return cut === -1 ? raw : `${raw.slice(0, cut)}?…`;
  }
  url.username = '';
  url.password = '';
  const names = [...url.searchParams.keys()];
  url.search = '';
  url.hash = '';
  const query = names.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  return query === '' ? url.toString() : `${url.toString()}?${query}`;
}
