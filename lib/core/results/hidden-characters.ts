/**
 * Rule: invisible characters in a result (result-hidden-characters), found by the detector of the
 * descriptions' flag (lib/core/hidden-characters.ts); the result view marks each one as [U+XXXX].
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { hiddenCharacters } from '../hidden-characters';
import { REFERENCE } from './reference';
import type { ResultText } from './result-texts';

export const RESULT_HIDDEN_CHARACTERS_DEFINITION: FindingDefinition<'result-hidden-characters'> = {
  id: 'result-hidden-characters',
  severity: 'high',
  title: 'Invisible characters in the result',
  meaning:
    'The result holds zero-width, bidirectional-control or Unicode tag characters (the same set as the hidden-characters flag on descriptions). A person reading the result does not see them; a model reads them. They are how instructions are smuggled past a reviewer.',
  doesNotTell: 'What the hidden text says: the result view marks each one as [U+XXXX]; read the raw JSON.',
  reference: REFERENCE,
};

/** One finding naming where the invisible characters are (at most four places) and which. */
export function hiddenFindings(texts: readonly ResultText[]): Finding<'result-hidden-characters'>[] {
  const hits = texts.map(({ where, text }) => ({ where, ...hiddenCharacters(text) })).filter((hit) => hit.count > 0);
  if (hits.length === 0) return [];
  const shown = hits
    .slice(0, 4)
    .map((hit) => `${hit.where} (${hit.count}: ${hit.labels.slice(0, 4).join(', ')})`)
    .join('; ');
  return [raised(RESULT_HIDDEN_CHARACTERS_DEFINITION, `Invisible characters in ${shown}.`)];
}
