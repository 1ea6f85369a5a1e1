/**
 * A readiness profile: a directory's published rules (each cited: the URL, the date it was read, the
 * words that state it), a check per rule over the Report, and the result: pass or fail per rule with
 * the items missing. A rule whose source was not found is left out and named in `notChecked`, never
 * invented. One file per directory; PROFILES (profiles.ts) is the registry.
 */
import { z } from 'zod';

/** What the rules read of a Report (a Report is one; structural, so lib/core/report can carry the result). */
export interface GradedReport {
  tools: readonly {
    name: string;
    annotations?: unknown;
    outputSchema?: unknown;
    flags: readonly { id: string; severity: string }[];
  }[];
  apps?: { resources: readonly { uri: string; flags: readonly { id: string }[] }[] } | undefined;
}

export interface RuleSource {
  url: string;
  /** The day the source was read (YYYY-MM-DD). */
  read: string;
  /** The words of the source that state the rule. */
  quote: string;
}

export interface ReadinessRule {
  id: string;
  /** The rule in one line. */
  text: string;
  /** "required": the source says a submission is rejected without it; "advisory": flagged, not blocking. */
  level: 'required' | 'advisory';
  source: RuleSource;
  /** The items that break it (tool names, URIs); empty: it passes. */
  check: (report: GradedReport) => string[];
}

export interface ReadinessProfile {
  id: string;
  name: string;
  rules: readonly ReadinessRule[];
  /** What the sources ask that an audit cannot check (said, not graded). */
  notChecked: readonly string[];
}

export const readinessSchema = z.object({
  profile: z.string(),
  name: z.string(),
  /** True when every required rule passes. */
  ready: z.boolean(),
  rules: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      level: z.enum(['required', 'advisory']),
      pass: z.boolean(),
      missing: z.array(z.string()),
      source: z.object({ url: z.string(), read: z.string(), quote: z.string() }),
    }),
  ),
  notChecked: z.array(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;

export function grade(profile: ReadinessProfile, report: GradedReport): Readiness {
  const rules = profile.rules.map(({ id, text, level, source, check }) => {
    const missing = check(report);
    return { id, text, level, pass: missing.length === 0, missing, source };
  });
  return {
    profile: profile.id,
    name: profile.name,
    ready: rules.every((rule) => rule.pass || rule.level === 'advisory'),
    rules,
    notChecked: [...profile.notChecked],
  };
}

/** annotations.title when it is a non-empty string. */
export function annotationsTitle(tool: { annotations?: unknown }): string | null {
  const annotations = tool.annotations;
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) return null;
  const title = (annotations as Record<string, unknown>).title;
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}
