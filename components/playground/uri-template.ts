/**
 * A resource template's URI from the user's values (RFC 6570 level 1, simple string expansion):
 * each `{var}` (or `{a,b}`, joined by commas) is replaced by its value with every character outside
 * the unreserved set (ALPHA, DIGIT, "-", ".", "_", "~") percent-encoded as UTF-8, so a value can never
 * add a path segment, a query or a fragment. Expressions with an operator ({+var}, {/var}, {?var},
 * …) are levels 2 to 4: listed as unsupported, left in the URI as written, for the user to edit.
 */

export interface UriTemplate {
  /** The variables of simple expressions, each once, in order. */
  variables: string[];
  /** Expressions with an operator, as written ("{?q}"). */
  unsupported: string[];
}

const EXPRESSION = /\{([^{}]*)\}/g;
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&', '=', ',', '!', '@', '|']);
/** A variable name (RFC 6570 varname: ALPHA, DIGIT, "_", pct-encoded, dots inside); an explode or prefix modifier is not level 1. */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

function simpleNames(body: string): string[] | null {
  if (body === '' || OPERATORS.has(body.charAt(0))) return null;
  const names = body.split(',');
  return names.every((name) => VARNAME.test(name)) ? names : null;
}

export function parseUriTemplate(template: string): UriTemplate {
  const variables: string[] = [];
  const unsupported: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    const names = simpleNames(match[1] ?? '');
    if (names === null) unsupported.push(match[0]);
    else for (const name of names) if (!variables.includes(name)) variables.push(name);
  }
  return { variables, unsupported };
}

/** Percent-encodes everything but the unreserved characters (RFC 3986 section 2.3), as UTF-8. */
export function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * The URI: every simple expression expanded (an undefined variable expands to nothing, as RFC 6570
 * says; in a list it is left out), the others left as written.
 */
export function expandUriTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(EXPRESSION, (expression, body: string) => {
    const names = simpleNames(body);
    if (names === null) return expression;
    return names
      .filter((name) => Object.hasOwn(values, name))
      .map((name) => encodeUnreserved(values[name] ?? ''))
      .join(',');
  });
}
