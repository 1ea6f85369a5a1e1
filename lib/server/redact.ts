/**
 * What may be shown of a target: URLs without credentials or query values, header names without
 * values. Secrets the user hands to an audit (header values, URL query values and passwords,
 * environment values beyond the allowlist) are used, never echoed: not even when the audited
 * server repeats them back in an error body, a tool description or its stderr.
 */
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import type { AuditTargetSpec } from './connect';

export const REDACTED = '«redacted»';
/** Shorter values are not redacted: replacing every "1" or "ab" in a report would destroy it. */
const MIN_SECRET_LENGTH = 4;

/** The URL with user:password removed and every query value replaced by "***". */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '(invalid URL)';
  }
  url.username = '';
  url.password = '';
  const names = [...url.searchParams.keys()];
  url.search = '';
  const query = names.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  url.hash = '';
  return query === '' ? url.toString() : `${url.toString()}?${query}`;
}

/** A header for display: its name, and a value shortened to a hint of its shape. */
export function redactHeader(name: string, value: string): string {
  const scheme = /^(Bearer|Basic|Token|Bot)\s+/i.exec(value)?.[0] ?? '';
  return `${name}: ${scheme}***(${value.length - scheme.length} chars)`;
}

/** The secret values of one audit target, longest first. */
export function secretsOf(spec: AuditTargetSpec, callerEnv: Readonly<Record<string, string | undefined>>): string[] {
  const found: string[] = [];
  if (spec.transport === 'stdio') {
    for (const entry of spec.env) {
      if (DEFAULT_INHERITED_ENV_VARS.includes(entry.name)) continue;
      const value = entry.value ?? callerEnv[entry.name];
      if (value !== undefined) found.push(value);
    }
  } else {
    for (const value of Object.values(spec.headers)) {
      found.push(value);
      // "Bearer abc": the token alone may be echoed too.
      const token = /^\S+\s+(\S.*)$/.exec(value)?.[1];
      if (token !== undefined) found.push(token);
    }
    try {
      const url = new URL(spec.url);
      for (const value of url.searchParams.values()) found.push(value);
      if (url.password !== '') found.push(decodeURIComponent(url.password));
    } catch {
      // An invalid URL never reached the network.
    }
  }
  return [...new Set(found.filter((value) => value.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

/** A deep copy of a JSON value with every occurrence of every secret replaced. */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      let out = node;
      for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
      return out;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) copy[walk(key) as string] = walk(child);
      return copy;
    }
    return node;
  };
  return walk(value) as T;
}
