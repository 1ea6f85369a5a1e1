/**
 * Invisible or direction-changing characters in what a model reads about a tool: its name, title and
 * description, and the titles and descriptions inside its schemas (lib/core/hidden-characters.ts,
 * where the finding is defined: prompts, resources and instructions get it too).
 */
import { HIDDEN_CHARACTERS_DEFINITION, hiddenCharactersFinding } from '../hidden-characters';
import type { ToolRule } from './rule';

export const hiddenText: ToolRule<'hidden-characters'> = {
  definitions: { 'hidden-characters': HIDDEN_CHARACTERS_DEFINITION },
  check({ texts, schemaTexts = [] }, raise) {
    const finding = hiddenCharactersFinding([...texts, ...schemaTexts]);
    if (finding !== null) raise(finding.id, finding.message);
  },
};
