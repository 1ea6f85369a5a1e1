/**
 * `scan --fail-on SEVERITY`: the scan fails its gate when any finding of the scan (scan-findings.ts:
 * a configuration finding, before anything is launched; any finding of an audited server's report,
 * tools, other items, server-wide and OAuth, as audit's own gate judges it; a finding about the
 * servers held together) is at or above that severity. One rule, used by the exit code and by the
 * GitHub Action (which passes --fail-on through).
 */
import { mostSevere } from '../report/findings';
import { atOrAbove, type Severity } from '../severity';
import type { ScanFinding } from './scan-findings';

export function failsScanGate(findings: readonly Pick<ScanFinding, 'severity'>[], failOn: Severity | null): boolean {
  if (failOn === null) return false;
  const worst = mostSevere(findings);
  return worst !== null && atOrAbove(worst, failOn);
}
