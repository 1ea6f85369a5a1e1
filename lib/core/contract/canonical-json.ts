/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): one byte-exact text per JSON value, so a hash of it
 * identifies the value whatever the key order or number spelling it was sent with. The text comes
 * from `canonicalize`, by one of the RFC's authors. Pinned at 3.0.0: 4.x throws on a lone surrogate,
 * which a malformed server can send and we still hash (it is written as \udxxx, as
 * JSON.stringify does); 5.x needs Node 22.
 */
import canonicalize from 'canonicalize';

/** Orders names by UTF-16 code units, as RFC 8785 §3.2.3 sorts members (JavaScript's own `<`). */
export const compareUtf16 = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The RFC 8785 canonical text of a JSON value; NaN, Infinity and non-JSON values throw. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError(`A ${typeof value} is not a JSON value.`);
  return text;
}
