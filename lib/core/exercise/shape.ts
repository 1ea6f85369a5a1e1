/**
 * An effect's shape: its kind and path (or address) with temporary parts made one (any run of six or
 * more letters and digits holding a digit, and any digit run: `graph.json.tmp-1234-ab12cd34ef` and
 * `graph.json.tmp-99-0123abcd45` are one shape, so are `/tmp/playwright-artifacts-8FSBka` and `-0B5xLD`). Two
 * effects of one shape are "the same thing again": on every call (server-level.ts), or on the re-run
 * that confirms a finding (judge.ts).
 */
import type { Effect } from './schema';

/** A path (or address) with its temporary parts made one. */
export function plainPath(text: string): string {
  return text.replace(/(?=[a-z]*\d)[a-z\d]{6,}/gi, '#').replace(/\d+/g, '#');
}

export function effectShape(effect: Pick<Effect, 'kind' | 'target' | 'to'>): string {
  return `${effect.kind} ${plainPath(effect.target)} ${effect.to === null ? '' : plainPath(effect.to)}`;
}
