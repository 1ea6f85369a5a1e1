/**
 * `scan --fail-on SEVERITY`: the scan fails its gate when anything it found is at or above that
 * severity: a configuration finding (before anything is launched), a finding about the servers held
 * together, or, for each server audited, the audit's own gate (lib/core/audit-gate.ts: the whole
 * surface). One rule, used by the exit code and by the GitHub Action (which passes --fail-on through).
 */
import { failsAuditGate } from '../audit-gate';
import { severityRank, type Severity } from '../severity';
import type { Report } from '../report';

export interface ScanGateInput {
  configFindings: readonly { severity: Severity }[];
  sessionFindings: readonly { severity: Severity }[];
  reports: readonly Pick<Report, 'tools' | 'surface'>[];
}

export function failsScanGate(input: ScanGateInput, failOn: Severity | null): boolean {
  if (failOn === null) return false;
  const atOrAbove = (finding: { severity: Severity }) => severityRank(finding.severity) <= severityRank(failOn);
  return (
    input.configFindings.some(atOrAbove) ||
    input.sessionFindings.some(atOrAbove) ||
    input.reports.some((report) => failsAuditGate(report, failOn))
  );
}
