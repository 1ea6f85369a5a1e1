/**
 * Pure comparisons of two listings by name: which tools a client sees only because of the
 * capabilities it declared, and what changed when a list was read again after list_changed.
 */
import { isRecord } from '../is-record';
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Tools listed with the capabilities (gated) and only without them. */
export function compareToolNames(
  withCapabilities: readonly string[],
  without: readonly string[],
): { gated: string[]; onlyWithout: string[] } {
  const bare = new Set(without);
  const full = new Set(withCapabilities);
  return {
    gated: [...full].filter((name) => !bare.has(name)).sort(byName),
    onlyWithout: [...bare].filter((name) => !full.has(name)).sort(byName),
  };
}

/** An item's identity in its list: its name, else its uri or uriTemplate. */
function keyOf(item: unknown): string | null {
  if (!isRecord(item)) return null;
  for (const key of ['name', 'uri', 'uriTemplate']) {
    const value = item[key];
    if (typeof value === 'string') return value;
  }
  return null;
}

/** Items added, removed, and changed (same key, different JSON) between two readings of a list. */
export function diffListItems(
  before: readonly unknown[],
  after: readonly unknown[],
): { added: string[]; removed: string[]; changed: string[] } {
  const index = (items: readonly unknown[]): Map<string, string> => {
    const map = new Map<string, string>();
    for (const item of items) {
      const key = keyOf(item);
      if (key !== null && !map.has(key)) map.set(key, JSON.stringify(item));
    }
    return map;
  };
  const old = index(before);
  const now = index(after);
  return {
    added: [...now.keys()].filter((key) => !old.has(key)).sort(byName),
    removed: [...old.keys()].filter((key) => !now.has(key)).sort(byName),
    changed: [...now.entries()]
      .filter(([key, json]) => old.has(key) && old.get(key) !== json)
      .map(([key]) => key)
      .sort(byName),
  };
}
