/**
 * A deep copy of a JSON value with every string, keys included, passed through `map`: what redaction
 * (lib/server/redact.ts) and secret masking (results/secret-formats.ts) both do to a message. Keys are
 * defined as own properties, so a key such as `__proto__` stays data.
 */
export function mapJsonStrings<T>(value: T, map: (text: string) => string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return map(node);
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node))
        Object.defineProperty(copy, map(key), {
          value: walk(child),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return copy;
    }
    return node;
  };
  return walk(value) as T;
}
