/**
 * Session findings: risks that belong to the set of servers an agent holds together, not to one
 * server, one file each in this folder (session-rule.ts says what one is), registered here once.
 * Collisions are one finding per pair of servers, listing every shared name. The findings come in
 * the order a reviewer reads them: the triangle first, then by severity (stable within).
 */
import { z } from 'zod';
import { ruleCatalogue } from '../finding';
import { SEVERITIES, severityRank } from '../severity';
import { crossServerOrder } from './cross-server-order';
import { crossServerReference } from './cross-server-reference';
import { exfiltrationTriangle } from './exfiltration-triangle';
import type { SessionServer } from './session-rule';
import { toolRefSchema } from './session-rule';
import { shadowsBuiltinTool } from './shadows-builtin-tool';
import { toolNameCollision } from './tool-name-collision';
import { toolShadowing } from './tool-shadowing';
import { nearMissName } from './near-miss-name';

export { readsPrivateData } from './private-data';
export { legToolText, type SessionServer, type ToolRef } from './session-rule';

const SESSION_RULES = [
  toolShadowing,
  crossServerOrder,
  toolNameCollision,
  nearMissName,
  shadowsBuiltinTool,
  crossServerReference,
  exfiltrationTriangle,
] as const;

const SESSION_FINDINGS = ruleCatalogue(SESSION_RULES);

export const SESSION_FINDING_IDS = SESSION_FINDINGS.ids;
export type SessionFindingId = (typeof SESSION_FINDING_IDS)[number];
export const SESSION_FINDING_DEFINITIONS = SESSION_FINDINGS.byId;

export const sessionFindingSchema = z.object({
  id: z.enum(SESSION_FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  /** The tools that form the finding. For the triangle: every tool of each leg. */
  tools: z.array(toolRefSchema),
  /** The servers it is about when no tool says (two servers named alike). */
  servers: z.array(z.string()).optional(),
  legs: z
    .object({
      privateData: z.array(toolRefSchema),
      untrustedContent: z.array(toolRefSchema),
      externalWrite: z.array(toolRefSchema),
    })
    .optional(),
});
export type SessionFinding = z.infer<typeof sessionFindingSchema>;

/** The order a reviewer reads session findings in: the triangle first, then by severity, stable within. */
export function orderSessionFindings(findings: readonly SessionFinding[]): SessionFinding[] {
  const rank = (finding: SessionFinding): number =>
    finding.id === 'exfiltration-triangle' ? -1 : severityRank(finding.severity);
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => rank(a.finding) - rank(b.finding) || a.index - b.index)
    .map(({ finding }) => finding);
}

export function sessionFindings(servers: readonly SessionServer[]): SessionFinding[] {
  return orderSessionFindings(SESSION_RULES.flatMap((rule): SessionFinding[] => rule.check(servers)));
}
