/**
 * Skills (SEP-2640, the io.modelcontextprotocol/skills extension): what `skills/list` says and what
 * reading each listed file gave. A skill is instructions a model reads: a poisoning surface like a
 * tool description. The entry lists every file with the SHA-256 of its raw bytes and its size (or
 * says "dynamic"); a host must not load a file that does not match. Parsed leniently here: an entry
 * that is not a skill is kept as invalid, not thrown.
 */
import { isRecord } from '../is-record';
import { ownValue } from '../own';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
export const SKILL_DIGEST = /^sha256:[\da-f]{64}$/;

export interface SkillFileEntry {
  uri: string;
  /** "sha256:<64 hex>" as listed. */
  digest: string;
  size: number;
}

export interface SkillEntry {
  uri: string;
  name: string;
  description: string;
  files: SkillFileEntry[] | 'dynamic';
}

/** What reading one listed file gave: its bytes' digest and size (and its text, for text files), or why not. */
export type FileRead = { digest: string; size: number; text: string | null } | { error: string };

export interface SkillObservation extends SkillEntry {
  /** By file URI, each an own key (a file may be named `constructor` or `__proto__`): read with readOf. */
  reads: Record<string, FileRead>;
}

/** What reading the file at `uri` gave; undefined when it was not read (never an inherited name). */
export function readOf(skill: Pick<SkillObservation, 'reads'>, uri: string): FileRead | undefined {
  return ownValue(skill.reads, uri);
}

export interface SkillsPage {
  skills: SkillEntry[];
  invalid: { index: number; reason: string }[];
  nextCursor: string | null;
}

function fileOf(value: unknown): SkillFileEntry | null {
  if (!isRecord(value) || typeof value.uri !== 'string' || typeof value.digest !== 'string') return null;
  if (
    !SKILL_DIGEST.test(value.digest) ||
    typeof value.size !== 'number' ||
    !Number.isInteger(value.size) ||
    value.size < 0
  )
    return null;
  return { uri: value.uri, digest: value.digest, size: value.size };
}

/** One skills/list result, entry by entry. */
export function readSkillsPage(result: unknown, offset = 0): SkillsPage {
  const page: SkillsPage = { skills: [], invalid: [], nextCursor: null };
  if (!isRecord(result)) return { ...page, invalid: [{ index: offset, reason: 'the result is not an object' }] };
  if (typeof result.nextCursor === 'string') page.nextCursor = result.nextCursor;
  const entries = Array.isArray(result.skills) ? result.skills : [];
  entries.forEach((entry: unknown, i) => {
    const index = offset + i;
    const front = isRecord(entry) && isRecord(entry.frontmatter) ? entry.frontmatter : null;
    if (!isRecord(entry) || typeof entry.uri !== 'string' || front === null)
      return page.invalid.push({ index, reason: 'no uri or frontmatter' });
    if (typeof front.name !== 'string' || typeof front.description !== 'string')
      return page.invalid.push({ index, reason: 'the frontmatter has no name or description' });
    let files: SkillFileEntry[] | 'dynamic';
    if (entry.resources === 'dynamic') files = 'dynamic';
    else if (Array.isArray(entry.resources)) {
      const parsed = entry.resources.map(fileOf);
      if (parsed.some((file) => file === null))
        return page.invalid.push({ index, reason: 'a file entry without uri, sha256 digest or size' });
      files = parsed as SkillFileEntry[];
    } else return page.invalid.push({ index, reason: 'resources is neither a list nor "dynamic"' });
    page.skills.push({ uri: entry.uri, name: front.name, description: front.description, files });
  });
  return page;
}
