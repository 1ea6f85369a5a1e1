/** The catalogue of skill findings (one rule per file in this folder) and the one walk of their checks. */
import { catalogue, type Finding } from '../finding';
import { SKILL_CACHE_FIELDS_DEFINITION } from './cache-fields';
import { SKILL_DIGEST_MISMATCH_DEFINITION, digestMismatchFindings } from './digest-mismatch';
import { SKILL_ENTRY_INVALID_DEFINITION } from './invalid-entry';
import type { SkillObservation } from './observed';
import { skillTextFindings, type SkillTextFindingId } from './skill-text';
import { SKILL_UNREADABLE_DEFINITION, unreadableFindings } from './unreadable';

const SKILL_FINDINGS = catalogue([
  SKILL_DIGEST_MISMATCH_DEFINITION,
  SKILL_ENTRY_INVALID_DEFINITION,
  SKILL_UNREADABLE_DEFINITION,
  SKILL_CACHE_FIELDS_DEFINITION,
]);

export const SKILL_FINDING_IDS = SKILL_FINDINGS.ids;
export type SkillFindingId = (typeof SKILL_FINDING_IDS)[number];
export const SKILL_FINDING_DEFINITIONS = SKILL_FINDINGS.byId;

/** Every finding of one skill: its files against their digests, then its text. */
export function skillFindings(
  skill: SkillObservation,
  toolNames: readonly string[],
): Finding<SkillFindingId | SkillTextFindingId>[] {
  return [...digestMismatchFindings(skill), ...unreadableFindings(skill), ...skillTextFindings(skill, toolNames)];
}
