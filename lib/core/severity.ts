/** Severities, most severe first, and their order: the one home every catalogue and gate reads. */
export const SEVERITIES = ['high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Ranks severities for sorting: high first (0). */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** Whether `severity` is at or above `threshold` (high is above medium). */
export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

/** The items, highest severity first; items of one severity keep their order (a stable sort). */
export function bySeverity<T>(items: readonly T[], severityOf: (item: T) => Severity): T[] {
  return items
    .map((item, index) => ({ item, index, rank: SEVERITIES.indexOf(severityOf(item)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}
