/**
 * Skills against the contract (SEP-2640): a skill added (new instructions a host may load), removed,
 * or changed (its description, or a file added, removed or with another SHA-256). Compared only when
 * both sides recorded skills. The description's words are diffed like any text the model reads.
 */
import type { Change } from './changes';
import type { Contract, ContractSkill } from './schema';
import { textChange } from './text-change';

const filesKey = (skill: ContractSkill): string =>
  skill.files === 'dynamic'
    ? 'dynamic'
    : skill.files
        .map((file) => `${file.uri} ${file.digest} ${file.size}`)
        .sort()
        .join('\n');

function changedFiles(before: ContractSkill, after: ContractSkill): string[] {
  if (before.files === 'dynamic' || after.files === 'dynamic')
    return before.files === after.files ? [] : ['the file list'];
  const old = new Map(before.files.map((file) => [file.uri, file.digest]));
  const now = new Map(after.files.map((file) => [file.uri, file.digest]));
  return [...new Set([...old.keys(), ...now.keys()])].filter((uri) => old.get(uri) !== now.get(uri));
}

export function skillChanges(baseline: Contract, live: Contract): Change[] {
  const before = baseline.skills;
  if (before === undefined || live.skills === undefined) return [];
  const old = new Map(before.map((skill) => [skill.uri, skill]));
  const now = new Map(live.skills.map((skill) => [skill.uri, skill]));
  const changes: Change[] = [];
  for (const skill of live.skills) {
    const was = old.get(skill.uri);
    if (was === undefined) {
      changes.push({
        kind: 'skill-added',
        direction: 'review',
        tool: null,
        subject: skill.uri,
        message: `Skill "${skill.name}" (${skill.uri}) is new: read its files before a host loads it.`,
      });
      continue;
    }
    const text = textChange(`skill ${skill.name}`, was.description, skill.description, live.toolNames);
    const files = filesKey(was) === filesKey(skill) ? [] : changedFiles(was, skill);
    if (text === null && files.length === 0) continue;
    changes.push({
      kind: 'skill-changed',
      direction: 'review',
      tool: null,
      subject: skill.uri,
      message: `Skill "${skill.name}" changed: ${[text === null ? null : 'its description', files.length === 0 ? null : `files ${files.join(', ')}`].filter((part) => part !== null).join(' and ')}.`,
      before: { description: was.description, files: was.files },
      after: { description: skill.description, files: skill.files },
      ...(text === null ? {} : { texts: [text] }),
    });
  }
  for (const skill of before)
    if (!now.has(skill.uri))
      changes.push({
        kind: 'skill-removed',
        direction: 'narrowing',
        tool: null,
        subject: skill.uri,
        message: `Skill "${skill.name}" (${skill.uri}) is no longer listed.`,
      });
  return changes;
}
