/**
 * Severities and the shape of a finding's explanation, shared by the tool flags (flags.ts) and the
 * surface findings (surface/): what it means, the default that applies, what it does not tell you,
 * and the spec reference.
 */
export const SEVERITIES = ['high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface FindingDefinition<Id extends string = string> {
  id: Id;
  /** The highest severity this finding is raised with. */
  severity: Severity;
  title: string;
  /** What the finding means, in the spec's terms. */
  meaning: string;
  /** The default that applies, where one does. */
  default: string | null;
  /** What the finding does not tell you. */
  doesNotTell: string;
  reference: string;
}

/** One finding raised on one item. */
export interface Finding<Id extends string = string> {
  id: Id;
  severity: Severity;
  message: string;
}

/** The items, highest severity first; items of one severity keep their order (a stable sort). */
export function bySeverity<T>(items: readonly T[], severityOf: (item: T) => Severity): T[] {
  return items
    .map((item, index) => ({ item, index, rank: SEVERITIES.indexOf(severityOf(item)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}
