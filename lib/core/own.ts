/**
 * Own-property reads and writes for records keyed by names a server or a configuration chose (issue
 * 48): a lookup with `in` or `record[name]` finds what every object inherits (`constructor`,
 * `toString`), and an assignment to `__proto__` changes the prototype instead of adding a key.
 */

/** The value `record` holds itself under `key`; undefined for an inherited name. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets `key` as an own property of `record`, `__proto__` included. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
