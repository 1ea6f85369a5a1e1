/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): one byte-exact text per JSON value, so a hash of it
 * identifies the value whatever the key order or number spelling it was sent with.
 *
 * - Literals: null, true, false.
 * - Numbers (§3.2.2.3): the ECMAScript Number-to-String algorithm (shortest round-trip digits,
 *   exponent from 1e21 and below 1e-6), -0 as 0; NaN and Infinity are not JSON and are refused.
 * - Strings (§3.2.2.2): ECMAScript's JSON quoting (\b \t \n \f \r, other controls as \u00xx
 *   lower-case, `"` and `\` escaped, everything else as is; a lone surrogate is written as \udxxx,
 *   as well-formed JSON.stringify does, so the text stays valid UTF-8).
 * - Objects (§3.2.3): members sorted by their names' UTF-16 code units, compared as unsigned
 *   integers, no whitespace. Arrays keep their order.
 *
 * Values that are not JSON (undefined, functions, bigint) fail with a CanonicalJsonError; an object
 * member whose value is undefined is left out, as JSON.stringify does.
 */

export class CanonicalJsonError extends Error {}

/** Compares two strings by UTF-16 code units (RFC 8785 §3.2.3). */
export function compareUtf16(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = a.charCodeAt(i) - b.charCodeAt(i);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/** ECMAScript Number::toString for a finite number, with -0 as "0" (RFC 8785 §3.2.2.3). */
export function serializeNumber(value: number): string {
  if (!Number.isFinite(value)) throw new CanonicalJsonError(`${String(value)} is not a JSON number.`);
  if (Object.is(value, -0)) return '0';
  return String(value);
}

/** ECMAScript QuoteJSONString (RFC 8785 §3.2.2.2). */
export function serializeString(value: string): string {
  return JSON.stringify(value);
}

/** The RFC 8785 canonical text of a JSON value. */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return serializeNumber(value);
    case 'string':
      return serializeString(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const names = Object.keys(record)
        .filter((name) => record[name] !== undefined)
        .sort(compareUtf16);
      return `{${names.map((name) => `${serializeString(name)}:${canonicalJson(record[name])}`).join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`A ${typeof value} is not a JSON value.`);
  }
}
