/**
 * Redaction, once, at the edge. Secrets the user hands to an audit (header values, URL query
 * values, the values of named environment variables) are used, never echoed: not even when the
 * audited server repeats them back. Every text that comes from a server passes through one
 * Redactor where it enters, BEFORE anything cuts, flattens or re-encodes it:
 *
 * - JSON-RPC messages (the listing, initialize, error messages): ObservedTransport in connect.ts;
 * - stderr (the kept tail) and non-protocol stdout lines: stdio-transport.ts;
 * - messages of thrown errors (HTTP error bodies, network errors): error-map.ts;
 * - documents and headers of the OAuth check: oauth-discovery.ts;
 * - what the user typed that a report shows (command, arguments): describeTarget in audit-facts.ts, after
 *   secret-looking arguments (`--api-key X`, token shapes: lib/core/config/secrets.ts) are replaced.
 *
 * Each secret is matched in every form a server is likely to print it in: as typed, JSON-escaped
 * (once and twice, and with non-ASCII as \uXXXX), URL-encoded (component, form and URI style, either
 * hex case), HTML-escaped, with whitespace collapsed or removed, and line by line for multi-line
 * values (a PEM key). Where text was cut before it reached us (the start of a bounded stderr tail),
 * a fragment of 8 characters or more of a secret at the cut counts as the secret.
 *
 * What no redactor can catch: a server that transforms a secret it was given (base64, reversed,
 * hashed, split over several messages or interleaved with other text) prints something that is no
 * longer the secret's text. Fragments shorter than 8 characters at a cut are not removed.
 */
import { redactArgs } from '../core/config/secrets';
import { mapJsonStrings } from '../core/json-strings';
import { envValue } from './child-env';
import type { AuditTargetSpec } from './target-spec';

export const REDACTED = '«redacted»';
/** Shorter values are not redacted: replacing every "1" or "ab" in a report would destroy it. */
export const MIN_SECRET_LENGTH = 4;
/** A secret argument shorter than this is redacted from the command line shown, not from server text. */
const MIN_ARG_SECRET_LENGTH = 8;
/** At a cut, a piece of a secret this long or longer is treated as the secret. */
export const MIN_FRAGMENT_LENGTH = 8;

/** The URL with user:password removed and every query value replaced by "***". */
export function redactUrl(raw: string): string {
  if (!URL.canParse(raw)) return '(invalid URL)';
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  const names = [...url.searchParams.keys()];
  url.search = '';
  const query = names.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  url.hash = '';
  return query === '' ? url.toString() : `${url.toString()}?${query}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function jsonInner(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Every spelling of one secret a server may print, longest first. */
export function secretForms(secret: string): string[] {
  const bases = new Set<string>([secret]);
  if (/\s/.test(secret.trim())) {
    bases.add(secret.replace(/\s+/g, ' ').trim());
    bases.add(secret.replace(/\s+/g, ''));
    bases.add(secret.replace(/\r\n/g, '\n'));
    bases.add(secret.replace(/\r?\n/g, '\r\n'));
  }
  if (/[\r\n]/.test(secret)) {
    for (const line of secret.split(/\r?\n|\r/)) bases.add(line.trim());
  }
  const forms = new Set<string>();
  for (const base of bases) {
    if (base.length < MIN_SECRET_LENGTH) continue;
    const json = jsonInner(base);
    const component = encodeURIComponent(base);
    forms.add(base);
    forms.add(json);
    forms.add(jsonInner(json));
    forms.add(json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
    forms.add(component);
    forms.add(component.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
    forms.add(component.replace(/%20/g, '+'));
    forms.add(encodeURI(base));
    forms.add(base.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c));
    forms.add(base.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
  }
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

export interface SecretSet {
  /** Redacted wherever they appear. */
  anywhere: string[];
  /** Redacted only where they stand in a URL (`:secret@`): URL passwords, which a short one would
   * otherwise blank out of every port number. */
  userinfo: string[];
}

/** Where text was cut before it reached the redactor. */
export interface Cuts {
  start?: boolean;
  end?: boolean;
}

/** Replaces the secrets of one audit in text and JSON values. Empty when there are no secrets. */
export class Redactor {
  private readonly forms: string[];
  private readonly userinfoForms: string[];

  constructor(secrets: SecretSet | readonly string[] = []) {
    const set: SecretSet = Array.isArray(secrets)
      ? { anywhere: [...(secrets as readonly string[])], userinfo: [] }
      : (secrets as SecretSet);
    const anywhere = set.anywhere.filter((s) => s.length >= MIN_SECRET_LENGTH);
    this.forms = [...new Set(anywhere.flatMap(secretForms))].sort((a, b) => b.length - a.length);
    this.userinfoForms = [
      ...new Set(set.userinfo.filter((s) => s !== '').flatMap((s) => [s, encodeURIComponent(s), jsonInner(s)])),
    ].sort((a, b) => b.length - a.length);
  }

  get empty(): boolean {
    return this.forms.length === 0 && this.userinfoForms.length === 0;
  }

  /** Text with every form of every secret replaced; a fragment at a cut is removed too. */
  text(input: string, cuts: Cuts = {}): string {
    if (this.empty) return input;
    let out = input;
    for (const form of this.forms) if (out.includes(form)) out = out.replaceAll(form, REDACTED);
    for (const form of this.userinfoForms) {
      if (out.includes(`:${form}@`)) out = out.replaceAll(`:${form}@`, `:${REDACTED}@`);
    }
    if (cuts.start === true) out = this.dropFragmentAtStart(out);
    if (cuts.end === true) out = this.dropFragmentAtEnd(out);
    return out;
  }

  /** A deep copy of a JSON value with every string (keys included) redacted. */
  value<T>(input: T): T {
    return this.empty ? input : mapJsonStrings(input, (text) => this.text(text));
  }

  /** The longest start of `text` (8+ characters) that is a piece of a secret, replaced. */
  private dropFragmentAtStart(text: string): string {
    // A cut inside a multi-byte character leaves replacement characters before the fragment.
    const skip = /^\uFFFD*/.exec(text)?.[0].length ?? 0;
    const body = text.slice(skip);
    const length = this.longestPiece(body, (n) => body.slice(0, n));
    return length === 0 ? text : `${text.slice(0, skip)}${REDACTED}${body.slice(length)}`;
  }

  private dropFragmentAtEnd(text: string): string {
    const length = this.longestPiece(text, (n) => text.slice(text.length - n));
    return length === 0 ? text : `${text.slice(0, text.length - length)}${REDACTED}`;
  }

  private longestPiece(text: string, piece: (length: number) => string): number {
    let best = 0;
    for (const form of this.forms) {
      for (let n = Math.min(text.length, form.length); n >= MIN_FRAGMENT_LENGTH && n > best; n--) {
        if (form.includes(piece(n))) {
          best = n;
          break;
        }
      }
    }
    return best;
  }
}

/** The secrets of one audit target: what the user handed over to be used, never shown. */
export function secretsOf(
  spec: AuditTargetSpec,
  callerEnv: Readonly<Record<string, string | undefined>>,
  extra: readonly string[] = [],
): SecretSet {
  const anywhere: string[] = [...extra];
  const userinfo: string[] = [];
  if (spec.transport === 'stdio') {
    // Every variable the user named, the allowlisted ones too (an explicitly set HOME or PATH).
    for (const entry of spec.env) {
      const value = entry.value ?? envValue(callerEnv, entry.name);
      if (value !== undefined) anywhere.push(value);
    }
    // Secret-looking arguments (--api-key X, a token shape): echoes of the longer ones are redacted too.
    anywhere.push(...redactArgs(spec.args).secrets.filter((piece) => piece.length >= MIN_ARG_SECRET_LENGTH));
  } else {
    for (const value of Object.values(spec.headers)) {
      anywhere.push(value);
      // "Bearer abc": the token alone may be echoed too.
      const token = /^\S+\s+(\S.*)$/.exec(value)?.[1];
      if (token !== undefined) anywhere.push(token);
    }
    try {
      const url = new URL(spec.url);
      for (const value of url.searchParams.values()) anywhere.push(value);
      if (url.password !== '') userinfo.push(url.password, decodeURIComponent(url.password));
    } catch {
      // An invalid URL never reached the network.
    }
  }
  return {
    anywhere: [...new Set(anywhere.filter((value) => value.length >= MIN_SECRET_LENGTH))].sort(
      (a, b) => b.length - a.length,
    ),
    userinfo: [...new Set(userinfo)],
  };
}

/** The redactor of one audit target (`extra`: secrets used beside it, such as a sign-in's client secret). */
export function redactorFor(
  spec: AuditTargetSpec,
  callerEnv: Readonly<Record<string, string | undefined>>,
  extra: readonly string[] = [],
): Redactor {
  return new Redactor(secretsOf(spec, callerEnv, extra));
}
