/**
 * A skill file whose bytes do not match the digest (or size) its skills/list entry gives: the
 * extension tells hosts not to load it (for SKILL.md, not to load the skill). Either the file changed
 * after it was listed, or the listing vouches for content the server does not serve.
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { readOf, type SkillObservation } from './observed';

export const SKILL_DIGEST_MISMATCH_ID = 'skill-digest-mismatch';

export const SKILL_DIGEST_MISMATCH_DEFINITION: FindingDefinition<typeof SKILL_DIGEST_MISMATCH_ID> = {
  id: SKILL_DIGEST_MISMATCH_ID,
  severity: 'high',
  title: 'A skill file does not match its digest',
  meaning:
    "The SHA-256 (or the size) of a skill file's bytes as read differs from what skills/list gives. The Skills extension says a host must not load such a file: what was reviewed from the listing is not what a model would read.",
  doesNotTell:
    'Whether the change is hostile: the file may have been edited between the listing and the read. Read it again; a stable mismatch is the server vouching for content it does not serve.',
  reference: 'SEP-2640 (MCP Skills extension): skills/list resources[].digest and size',
};

export function digestMismatchFindings(skill: SkillObservation): Finding<typeof SKILL_DIGEST_MISMATCH_ID>[] {
  if (skill.files === 'dynamic') return [];
  return skill.files.flatMap((file) => {
    const read = readOf(skill, file.uri);
    if (read === undefined || 'error' in read) return [];
    if (read.digest === file.digest && read.size === file.size) return [];
    const what =
      read.digest === file.digest
        ? `${read.size} bytes, listed ${file.size}`
        : `read ${read.digest.slice(0, 19)}…, listed ${file.digest.slice(0, 19)}…`;
    return [raised(SKILL_DIGEST_MISMATCH_DEFINITION, `${file.uri}: ${what}.`)];
  });
}
