/**
 * An effect's shape: its kind and path (or address) with temporary parts made one (digit runs, long
 * hex runs: `graph.json.tmp-1234-ab12cd34ef` and `graph.json.tmp-99-0123abcd45` are one shape). Two
 * effects of one shape are "the same thing again": on every call (server-level.ts), or on the re-run
 * that confirms a finding (judge.ts).
 */
import type { Effect } from './schema';

export function effectShape(effect: Pick<Effect, 'kind' | 'target' | 'to'>): string {
  const plain = (text: string): string => text.replace(/[0-9a-f]{8,}/gi, '#').replace(/\d+/g, '#');
  return `${effect.kind} ${plain(effect.target)} ${effect.to === null ? '' : plain(effect.to)}`;
}
