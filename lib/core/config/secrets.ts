/**
 * Secrets written in plain text in a configuration or on a command line: recognised by the shape
 * of well-known tokens, by a secret-sounding name (a variable, a header, a flag such as --api-key)
 * with a literal value, or by a long random-looking value. Shown redacted, never as a fragment:
 * only the name and the length. The one rule for arguments (redactArgs) serves the scan listing,
 * every report of an audit and the history.
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
 * A value that is only a variable reference, in any client's syntax: `${VAR}`, `${env:VAR}`,
 * `${input:id}`, `$VAR`, `{env:VAR}`. It names where a secret comes from and holds none, whether
 * or not the client expands it (where it does not, variable-not-expanded says so).
 */
const ONLY_A_REFERENCE = /^(?:\$\{[^{}\s]+\}|\$[A-Za-z_][A-Za-z0-9_]*|\{env:[^{}\s]+\})$/;

/** Whether the value is only a variable reference (after an auth scheme such as `Bearer `). */
export function isOnlyVariableReference(value: string): boolean {
  return ONLY_A_REFERENCE.test(value.replace(/^(?:Bearer|Basic|Token|Bot)\s+/i, '').trim());
}

/**
 * Whether a literal value (no variable reference) under this name is a plain-text secret: a token
 * shape anywhere, or a secret-sounding name holding 8+ characters that are not a placeholder. A
 * value that is only a variable reference is never one, whatever the client expands.
 */
export function isPlaintextSecret(name: string, value: string): boolean {
  if (isOnlyVariableReference(value)) return false;
  if (hasTokenShape(value)) return true;
  const bare = value.replace(/^(?:Bearer|Basic|Token|Bot)\s+/i, '').trim();
  return isSecretName(name) && bare.length >= 8 && !PLACEHOLDER.test(bare);
}

/** How a secret is shown: its name and its length, nothing of its text. */
export function describeSecret(name: string, value: string): string {
  return `${name} = ${CONFIG_REDACTED} (${value.length} characters)`;
}

/** A flag whose value is a secret: its last word is key, token, secret, password, ... (`--github-token`). */
const SECRET_FLAG =
  /^--?(?!no-)(?:[A-Za-z0-9]+[_-])*(?:api[_-]?key|apikey|key|token|secret|password|passwd|pwd|pat|auth|credentials?)$/i;
/** `Authorization: Bearer x`, `X-Api-Key: x` given as one argument (a header option's value). */
const HEADER_ARG = /^([A-Za-z][A-Za-z0-9-]*):\s*(?:(?:Bearer|Basic|Token|Bot)\s+)?(\S.*)$/i;
/** Characters of a random-looking credential (no `/` or `.`: paths and hostnames are not). */
const RANDOM_TEXT = /^[A-Za-z0-9+=_-]{32,}$/;

/** Shannon entropy of a text, in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/**
 * A long random-looking text: 32+ characters of letters, digits, `+ = _ -`, with lower case, upper
 * case and digits all present and at least 4 bits of entropy per character. A hex digest, a UUID
 * or a path does not qualify.
 */
export function looksRandom(value: string): boolean {
  return (
    RANDOM_TEXT.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && entropy(value) >= 4
  );
}

const TOKEN_SHAPES_ALL = TOKEN_SHAPES.map((shape) => new RegExp(shape.source, 'g'));

/**
 * The secret pieces of one command-line argument (`previous` is the argument before it): the value
 * after a secret flag (`--api-key X`, `--token=X`), the value of a secret header given as one
 * argument, every well-known token shape, and a long random-looking value. A `$...` reference is
 * not a secret (a variable the client or a shell expands).
 */
export function argSecrets(arg: string, previous: string): string[] {
  const pieces: string[] = [];
  const eq = arg.indexOf('=');
  const flagValue = eq > 0 && arg.startsWith('-') ? arg.slice(eq + 1) : null;
  if (flagValue !== null && flagValue !== '' && !flagValue.startsWith('$') && SECRET_FLAG.test(arg.slice(0, eq)))
    pieces.push(flagValue);
  if (SECRET_FLAG.test(previous) && !arg.startsWith('-') && !arg.startsWith('$') && arg !== '') pieces.push(arg);
  const header = HEADER_ARG.exec(arg);
  if (header !== null && isSecretName(header[1] ?? '') && !(header[2] ?? '').startsWith('$'))
    pieces.push(header[2] ?? '');
  for (const shape of TOKEN_SHAPES_ALL) for (const match of arg.matchAll(shape)) pieces.push(match[0]);
  if (!arg.startsWith('-') && looksRandom(arg)) pieces.push(arg);
  else if (flagValue !== null && looksRandom(flagValue)) pieces.push(flagValue);
  return [...new Set(pieces)].sort((a, b) => b.length - a.length);
}

/**
 * Arguments for display, history and every report: each secret piece (argSecrets) becomes
 * «redacted» (`--api-key=«redacted»`, `--token «redacted»`, `Authorization: Bearer «redacted»`).
 * Returns which positions changed and the pieces removed (for a redactor of echoes).
 */
export function redactArgs(args: readonly string[]): { shown: string[]; redacted: number[]; secrets: string[] } {
  const shown: string[] = [];
  const redacted: number[] = [];
  const secrets: string[] = [];
  args.forEach((arg, index) => {
    const pieces = argSecrets(arg, index > 0 ? (args[index - 1] ?? '') : '');
    if (pieces.length === 0) {
      shown.push(arg);
      return;
    }
    let text = arg;
    for (const piece of pieces) text = text.replaceAll(piece, CONFIG_REDACTED);
    shown.push(text);
    redacted.push(index);
    secrets.push(...pieces);
  });
  return { shown, redacted, secrets: [...new Set(secrets)] };
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
