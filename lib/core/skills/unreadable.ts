/** A skill file the listing names that could not be read (resources/read failed or returned nothing). */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { readOf, type SkillObservation } from './observed';

export const SKILL_UNREADABLE_ID = 'skill-file-unreadable';

export const SKILL_UNREADABLE_DEFINITION: FindingDefinition<typeof SKILL_UNREADABLE_ID> = {
  id: SKILL_UNREADABLE_ID,
  severity: 'low',
  title: 'A listed skill file cannot be read',
  meaning:
    'skills/list names a file that resources/read did not return: a host cannot verify or load it, so the skill is incomplete (for SKILL.md, unusable).',
  doesNotTell: 'Whether it is a lasting fault: the read may have timed out or needed a sign-in.',
  reference: 'SEP-2640 (MCP Skills extension); MCP specification, Resources (resources/read)',
};

export function unreadableFindings(skill: SkillObservation): Finding<typeof SKILL_UNREADABLE_ID>[] {
  if (skill.files === 'dynamic') return [];
  return skill.files.flatMap((file) => {
    const read = readOf(skill, file.uri);
    if (read !== undefined && !('error' in read)) return [];
    return [raised(SKILL_UNREADABLE_DEFINITION, `${file.uri}: ${read === undefined ? 'not read' : read.error}.`)];
  });
}
