/**
 * The audit's `--fail-on` gate, one rule for every output: the audit fails the gate when any flag an
 * agent would meet is at or above the given severity: on a tool, a prompt, a resource, a resource
 * template, the server's instructions, or a finding about the surface as a whole (the exit code,
 * the Markdown summary's verdict). A tools-only count (Summary.worstSeverity) would pass a server
 * whose only high flag is a prompt's hidden characters.
 */
import { severityRank, type Severity } from './severity';
import type { Report } from './report';

/** The most severe flag anywhere on the surface, or null when nothing is flagged. */
export function worstAuditSeverity(report: Pick<Report, 'tools' | 'surface'>): Severity | null {
  const surface = report.surface;
  const flagLists = [
    ...report.tools.map((tool) => tool.flags),
    ...(surface === undefined
      ? []
      : [
          ...surface.prompts.map((item) => item.flags),
          ...surface.resources.map((item) => item.flags),
          ...surface.resourceTemplates.map((item) => item.flags),
          surface.instructions?.flags ?? [],
          surface.findings,
        ]),
  ];
  let worst: Severity | null = null;
  for (const flags of flagLists)
    for (const flag of flags)
      if (worst === null || severityRank(flag.severity) < severityRank(worst)) worst = flag.severity;
  return worst;
}

/** Whether `--fail-on failOn` fails this audit (never without --fail-on). */
export function failsAuditGate(report: Pick<Report, 'tools' | 'surface'>, failOn: Severity | null): boolean {
  if (failOn === null) return false;
  const worst = worstAuditSeverity(report);
  return worst !== null && severityRank(worst) <= severityRank(failOn);
}
