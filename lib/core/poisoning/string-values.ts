/**
 * Every string inside a value the server sent beside its texts (an annotation key the spec does not
 * define, `_meta`), with its path: a model may read them (a client that passes `_meta` on, a host
 * that shows annotations), so they get the poisoning check. Bounded in depth and count: the value is
 * untrusted.
 */
import { isRecord } from '../is-record';
import type { FieldText } from './findings';

export const STRING_VALUE_LIMITS = { depth: 8, texts: 200 } as const;

/** The strings of `value` as fields under `root` ("_meta.vendor/notes", "annotations.x[0]"). */
export function stringValues(value: unknown, root: string): FieldText[] {
  const found: FieldText[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (found.length >= STRING_VALUE_LIMITS.texts || depth > STRING_VALUE_LIMITS.depth) return;
    if (typeof node === 'string') {
      if (node !== '') found.push({ field: path, text: node });
    } else if (Array.isArray(node))
      node.forEach((item, i) => {
        visit(item, `${path}[${i}]`, depth + 1);
      });
    else if (isRecord(node)) for (const [key, item] of Object.entries(node)) visit(item, `${path}.${key}`, depth + 1);
  };
  visit(value, root, 0);
  return found;
}
