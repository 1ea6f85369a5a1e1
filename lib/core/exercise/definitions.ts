/**
 * The behaviour findings: what calling a tool in the sandbox contradicted (issue 23), one file each
 * in findings/, registered here once. Merged into the flag catalogue of lib/core/flags/catalogue.ts, so CSV,
 * SARIF, contracts, history and the risk order read them like any flag. Each says what was observed
 * and what it does not tell you: one set of arguments was tried, a server may behave differently
 * outside a sandbox or detect it, and hosted servers cannot be exercised at all.
 */
import { ruleCatalogue } from '../finding';
import { closedWorldConnected } from './findings/closed-world-connected';
import { exerciseInconclusive } from './findings/exercise-inconclusive';
import { idempotentDiffered } from './findings/idempotent-differed';
import { nondestructiveDeleted } from './findings/nondestructive-deleted';
import { readCredentials } from './findings/read-credentials';
import { readOutsideFolder } from './findings/read-outside-folder';
import { readonlyWrote } from './findings/readonly-wrote';
import { spawnedProcess } from './findings/spawned-process';

/** Every behaviour finding, in the catalogue's order (the order a tool's findings are listed in). */
export const BEHAVIOUR_RULES = [
  readonlyWrote,
  closedWorldConnected,
  nondestructiveDeleted,
  idempotentDiffered,
  readCredentials,
  readOutsideFolder,
  spawnedProcess,
  exerciseInconclusive,
] as const;

const BEHAVIOUR_FINDINGS = ruleCatalogue(BEHAVIOUR_RULES);

export const BEHAVIOUR_FINDING_IDS = BEHAVIOUR_FINDINGS.ids;
export type BehaviourFindingId = (typeof BEHAVIOUR_FINDING_IDS)[number];
export const BEHAVIOUR_FINDING_DEFINITIONS = BEHAVIOUR_FINDINGS.byId;

/** Findings that contradict a claim or show theft of a secret: they outrank any claim (report/risk.ts). */
export const OBSERVED_CONTRADICTIONS: readonly BehaviourFindingId[] = BEHAVIOUR_RULES.filter(
  (rule) => rule.contradiction,
).map((rule) => rule.definition.id);
