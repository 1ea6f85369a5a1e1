/**
 * Severities, most severe first, and their order: the one home every catalogue and gate reads.
 *  - critical: evidence of an attack in what the server itself sent or did, not a default: text that
 *    orders the model with concealment, an override, a sensitive target or an exfiltration channel
 *    (tool poisoning), a tool that shadows another server's tool with different text, secrets served,
 *    a description changed inside one session (a rug pull). Nothing about an honest server is critical.
 *  - high: what the spec's defaults or a strong signal mean for an agent (an unannotated tool is, by
 *    the spec, a destructive open-world write), a contradiction seen in the sandbox, a broken guard.
 *  - medium, low, info: weaker signals, structure, notes.
 */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
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

/**
 * The severity gate (`--fail-on`) of audit, oauth and scan, and the Action's: one default for all of
 * them, high (docs/cli.md says why). `none` reports without gating.
 */
export const DEFAULT_FAIL_ON: Severity = 'high';
export const SEVERITY_GATES = [...SEVERITIES, 'none'] as const;

/** The gate a `--fail-on` value sets: a severity, null for `none`, the default when absent; undefined when it is not one. */
export function severityGate(text: string | undefined): Severity | null | undefined {
  if (text === undefined) return DEFAULT_FAIL_ON;
  if (text === 'none') return null;
  return (SEVERITIES as readonly string[]).includes(text) ? (text as Severity) : undefined;
}
