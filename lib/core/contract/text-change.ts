/**
 * A change to text the model reads, as data every output can show: which field, the text before
 * and after, the word diff between them (word-diff.ts) and what the added words carry
 * (text-review.ts). Such a change is the drift class "changed text: review" (changes.ts): a changed
 * description is how an approved server turns on its users (the "rug pull").
 */
import { z } from 'zod';
import { reviewAddedText, textFindingSchema } from './text-review';
import { addedRuns, wordDiff, wordDiffPartSchema } from '../word-diff';

export const textChangeSchema = z.object({
  /** What the text is, in words: "description", "title", "description of argument \"q\"", "instructions". */
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  diff: z.array(wordDiffPartSchema),
  /** What the added words carry, checked as a fresh audit checks text. */
  findings: z.array(textFindingSchema),
});
export type TextChange = z.infer<typeof textChangeSchema>;

/** The change of one text, or null when it did not change. */
export function textChange(
  field: string,
  before: string | null,
  after: string | null,
  toolNames: readonly string[],
): TextChange | null {
  if (before === after) return null;
  const diff = wordDiff(before, after);
  return { field, before, after, diff, findings: reviewAddedText(addedRuns(diff), toolNames, after) };
}

/** "2 findings in the added words: …", or '' when none: the end of a change's message. */
export function findingsSentence(texts: readonly TextChange[]): string {
  const findings = texts.flatMap((text) => text.findings);
  return findings.length === 0 ? '' : ` ${findings.map((finding) => finding.message).join(' ')}`;
}
