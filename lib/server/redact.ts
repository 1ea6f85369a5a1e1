/**
 * What may be shown of a target: URLs without credentials or query values, header names without
 * values. Secrets typed by the user are used, never echoed.
 */

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
