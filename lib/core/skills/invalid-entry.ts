/** A skills/list entry that is not a skill (no SKILL.md URI, frontmatter or valid file list). */
import { raised, type Finding, type FindingDefinition } from '../finding';

export const SKILL_ENTRY_INVALID_ID = 'skill-entry-invalid';

export const SKILL_ENTRY_INVALID_DEFINITION: FindingDefinition<typeof SKILL_ENTRY_INVALID_ID> = {
  id: SKILL_ENTRY_INVALID_ID,
  severity: 'medium',
  title: 'A skills/list entry is malformed',
  meaning:
    'An entry of skills/list lacks its URI, its frontmatter name and description, or a file list of URI, sha256 digest and size: hosts refuse it (the official SDK throws on the whole listing unless told to skip).',
  doesNotTell: 'What the server meant: the entry is left out of every other check.',
  reference: 'SEP-2640 (MCP Skills extension): the Skill and SkillResourceEntry shapes',
};

export function invalidEntryFindings(
  invalid: readonly { index: number; reason: string }[],
): Finding<typeof SKILL_ENTRY_INVALID_ID>[] {
  return invalid.map((entry) => raised(SKILL_ENTRY_INVALID_DEFINITION, `Entry ${entry.index}: ${entry.reason}.`));
}
