/**
 * The audit's `--fail-on` gate, one rule for every output: the audit fails the gate when any
 * finding of the report (findings.ts: a tool's, a prompt's, a resource's, a template's, the
 * instructions', a server-wide one or an OAuth one) is at or above the given severity (the exit code,
 * JUnit's failures, the Markdown summary's verdict). A tools-only count (Summary.worstSeverity)
 * would pass a server whose only high finding is a prompt's hidden characters or an open OAuth endpoint.
 */
import { allFindings, mostSevere, type FindingsSource } from './findings';
import { atOrAbove, type Severity } from '../severity';

/** The most severe finding anywhere in the report, or null when nothing is found. */
export function worstAuditSeverity(report: FindingsSource): Severity | null {
  return mostSevere(allFindings(report));
}

/** Whether `--fail-on failOn` fails this audit (never without --fail-on). */
export function failsAuditGate(report: FindingsSource, failOn: Severity | null): boolean {
  if (failOn === null) return false;
  const worst = worstAuditSeverity(report);
  return worst !== null && atOrAbove(worst, failOn);
}
