/**
 * The checks every string an agent reads gets, whatever it belongs to (tool, prompt, resource,
 * template, instructions): hidden characters (the hidden-characters flag) and size. Instructions
 * are injected into the model's context on every turn, descriptions whenever the list is sent.
 */
import { hiddenCharactersFinding } from '../hidden-characters';
import { utf8Length } from '../bytes';
import { raised, type Finding, type FlagDefinition } from '../finding';

export const OVERSIZED_TEXT_ID = 'oversized-text';
/** Above this many UTF-8 bytes, a single description or instructions text is flagged. */
export const TEXT_SIZE_LIMIT = 4096;

export const OVERSIZED_TEXT_DEFINITION: FlagDefinition<typeof OVERSIZED_TEXT_ID> = {
  id: OVERSIZED_TEXT_ID,
  severity: 'low',
  title: `Text longer than ${TEXT_SIZE_LIMIT / 1024} KiB`,
  meaning: `A description, title or the instructions is longer than ${TEXT_SIZE_LIMIT} bytes. The model reads all of it, every time it is sent: it costs context, and long text is where instructions to the model hide.`,
  default: null,
  doesNotTell: 'Whether the text is harmful: only that it is long enough to read with care.',
  reference: 'MCP security best practices (tool poisoning); context cost',
};

/** Hidden characters and oversize in the given fields, as findings. */
export function textFindings(
  texts: readonly { field: string; text: string }[],
): Finding<'hidden-characters' | typeof OVERSIZED_TEXT_ID>[] {
  const findings: Finding<'hidden-characters' | typeof OVERSIZED_TEXT_ID>[] = [];
  const hidden = hiddenCharactersFinding(texts);
  if (hidden !== null) findings.push(hidden);
  findings.push(...oversizedFindings(texts));
  return findings;
}

/** Oversize only (tools get their hidden-character flag from flags/catalogue.ts). */
export function oversizedFindings(
  texts: readonly { field: string; text: string }[],
): Finding<typeof OVERSIZED_TEXT_ID>[] {
  const big = texts
    .map(({ field, text }) => ({ field, bytes: utf8Length(text) }))
    .filter((entry) => entry.bytes > TEXT_SIZE_LIMIT);
  if (big.length === 0) return [];
  return [
    raised(OVERSIZED_TEXT_DEFINITION, `Long text in ${big.map((b) => `${b.field} (${b.bytes} bytes)`).join(', ')}.`),
  ];
}
