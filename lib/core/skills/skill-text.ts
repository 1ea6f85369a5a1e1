/**
 * The checks every text a model reads gets, on a skill: its frontmatter description and the text of
 * each file read (SKILL.md and its references). Hidden characters (hidden-characters.ts), prompt
 * injection and preference manipulation (poisoning/: a skill is written for the model, so an order is
 * expected; only the evidence of an attack counts), tools the
 * text names that the listing does not hold (surface/unlisted-tool.ts: shadowing), and tools of this
 * server it names (signals/mentioned-tools.ts): low where it only names them (a skill is expected to
 * explain tools, so naming them is a lead to read), medium where it orders a call, imperatively, as a
 * poisoned description does ("always call X first"; the same rule as descriptions, orderedCall).
 */
import type { Finding } from '../finding';
import { hiddenCharactersFinding } from '../hidden-characters';
import { mentionedTools, orderedCall } from '../signals/mentioned-tools';
import { unlistedToolFindings } from '../surface/unlisted-tool';
import type { SkillObservation } from './observed';
import type { PoisoningId } from '../poisoning/definitions';
import { poisoningFindings } from '../poisoning/findings';

export type SkillTextFindingId = 'hidden-characters' | 'unlisted-tool' | 'mentions-other-tool' | PoisoningId;

export function skillTextFindings(
  skill: SkillObservation,
  toolNames: readonly string[],
): Finding<SkillTextFindingId>[] {
  const texts = [
    { field: 'description', text: skill.description },
    ...Object.entries(skill.reads).flatMap(([uri, read]) =>
      'error' in read || read.text === null ? [] : [{ field: uri, text: read.text }],
    ),
  ];
  const findings: Finding<SkillTextFindingId>[] = [];
  const hidden = hiddenCharactersFinding(texts);
  if (hidden !== null) findings.push(hidden);
  findings.push(...poisoningFindings(texts));
  const listed = new Set(toolNames);
  for (const finding of unlistedToolFindings(
    texts.map(({ field, text }) => ({ subject: field === 'description' ? 'skill description' : field, text })),
    listed,
    new Set([skill.name]),
  ))
    findings.push({ id: finding.id, severity: finding.severity, message: finding.message });
  const named = mentionedTools(
    '',
    texts.map((entry) => entry.text),
    toolNames,
  );
  const order =
    named.length === 0
      ? null
      : orderedCall(
          texts.map((entry) => entry.text),
          named,
        );
  if (named.length > 0)
    findings.push({
      id: 'mentions-other-tool',
      severity: order === null ? 'low' : 'medium',
      message: `The skill names tools of this server: ${named.slice(0, 6).join(', ')}${named.length > 6 ? ', …' : ''}${order === null ? '' : `, and orders a call ("${order.slice(0, 120)}")`}.`,
    });
  return findings;
}
