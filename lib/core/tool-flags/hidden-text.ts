/**
 * Invisible or direction-changing characters in what a model reads about a tool: its name, title and
 * description, and the titles and descriptions inside its schemas (lib/core/hidden-characters.ts).
 */
import { hiddenCharacters } from '../hidden-characters';
import { type ToolRule } from './rule';

export const hiddenText: ToolRule<'hidden-characters'> = {
  definitions: {
    'hidden-characters': {
      id: 'hidden-characters',
      severity: 'high',
      title: 'Invisible or direction-changing characters',
      meaning:
        'The name, title or description, or a title or description inside inputSchema or outputSchema (what the model reads about each argument), contains zero-width, bidirectional-control or Unicode tag characters. A person reading the text does not see them; a model reads them. They are a known way to hide instructions in a tool description.',
      default: null,
      doesNotTell: 'What the hidden text says: inspect the raw JSON.',
      reference: 'MCP security best practices (tool poisoning)',
    },
  },
  check({ texts, schemaTexts = [] }, raise) {
    const hidden = [...texts, ...schemaTexts]
      .map(({ field, text }) => ({ field, ...hiddenCharacters(text) }))
      .filter((entry) => entry.count > 0);
    if (hidden.length > 0) {
      raise(
        'hidden-characters',
        `Invisible characters in ${hidden.map((h) => `${h.field} (${h.count}: ${h.labels.slice(0, 4).join(', ')})`).join('; ')}.`,
      );
    }
  },
};
