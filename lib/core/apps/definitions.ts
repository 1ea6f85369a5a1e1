/**
 * The MCP Apps findings (one rule per file in this folder), merged into the flag catalogue
 * (lib/core/flags/catalogue.ts), and the one walk that raises them for a UI resource. A new one is its
 * file (definition and check), one line in APP_FINDINGS and one in APP_CHECKS. The tool-level one
 * (an app-only tool a host without MCP Apps hands to the model) is a tool rule:
 * lib/core/tool-flags/app-only-tool.ts.
 */
import { catalogue, type Finding } from '../finding';
import { severityRank } from '../severity';
import { CSP_DOMAIN_DEFINITION, cspDomainFindings } from './csp-domain';
import type { AppResourceFacts } from './facts';
import { PERMISSION_UNMENTIONED_DEFINITION, permissionFindings } from './permission-unmentioned';
import { REMOTE_SCRIPT_DEFINITION, remoteScriptFindings } from './remote-script';
import { UNCALLABLE_TOOL_DEFINITION, uncallableToolFindings } from './uncallable-tool';
import { UNDECLARED_TARGET_DEFINITION, undeclaredTargetFindings } from './undeclared-target';

const APP_FINDINGS = catalogue([
  CSP_DOMAIN_DEFINITION,
  PERMISSION_UNMENTIONED_DEFINITION,
  REMOTE_SCRIPT_DEFINITION,
  UNDECLARED_TARGET_DEFINITION,
  UNCALLABLE_TOOL_DEFINITION,
]);

export const APP_FINDING_IDS = APP_FINDINGS.ids;
export type AppFindingId = (typeof APP_FINDING_IDS)[number];
export const APP_FINDING_DEFINITIONS = APP_FINDINGS.byId;

const APP_CHECKS: readonly ((facts: AppResourceFacts) => Finding<AppFindingId>[])[] = [
  cspDomainFindings,
  permissionFindings,
  remoteScriptFindings,
  undeclaredTargetFindings,
  uncallableToolFindings,
];

/** Every MCP Apps finding on one UI resource, most severe first. */
export function appFindings(facts: AppResourceFacts): Finding<AppFindingId>[] {
  return APP_CHECKS.flatMap((check) => check(facts)).sort(
    (a, b) => severityRank(a.severity) - severityRank(b.severity),
  );
}
