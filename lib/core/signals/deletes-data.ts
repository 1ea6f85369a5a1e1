/**
 * Signal: the tool says it deletes, removes, purges or overwrites something. Read where a tool says
 * what it does: its name, the first sentence of its title or description, or a sentence that says
 * what it will do ("will overwrite existing files", "permanently deletes"). Not the rules and
 * examples further down ("Rules: Remove drive letter", output "may be truncated", a status value
 * "removed"), not a negated phrase ("NEVER overwrite the original file"), not a field list. "drop"
 * counts only with what a database drops (table, database, collection, index…), so "drag and drop",
 * "drop files onto an element" and "dropdown" are not deletions.
 */
import { raised, type FlagDefinition } from '../finding';
import type { SignalRule } from './signal-rule';
import { affirmedPhrase, firstSentence } from './words';

export const DELETES_DATA_ID = 'deletes-data';

const DELETES = String.raw`(?:delete[sd]?|deleting|deletion|remove[sd]?|removing|destroy(?:s|ed)?|purge[sd]?|wipe[sd]?|erase[sd]?|truncate[sd]?|overwrite[sd]?|overwriting|unlink)`;
const DELETES_DATA = new RegExp(
  String.raw`\b${DELETES}\b|\bdrop(?:s|ped|ping)?\s+(?:(?:the|a|an|all|any|every|one|this|that|its|existing)\s+)?(?:tables?|databases?|collections?|indexes|indices|index|schemas?|columns?|views?|keyspaces?|buckets?)\b`,
  'i',
);
/** What it will do, anywhere in the text. */
const WILL_DELETE =
  /\b(?:will|can|permanently|irreversibly|completely)\s+(?:(?:also|permanently)\s+)?(?:delete|remove|destroy|purge|wipe|erase|truncate|overwrite|drop)s?\b/i;

/** The word that says the tool deletes or overwrites, or null. `texts`: name words first, then the prose. */
export function deletesDataWord(texts: readonly string[]): string | null {
  const [name = '', ...prose] = texts;
  return affirmedPhrase([name, ...prose.map(firstSentence)], [DELETES_DATA]) ?? affirmedPhrase(prose, [WILL_DELETE]);
}

export const DELETES_DATA_DEFINITION: FlagDefinition<typeof DELETES_DATA_ID> = {
  id: DELETES_DATA_ID,
  severity: 'low',
  title: 'Says it deletes or overwrites',
  meaning:
    'The name, or the first sentence of the title or description, says the tool deletes, removes, purges or overwrites something, or a sentence says it will ("will overwrite existing files"); rules, examples, negated phrases and field lists further down do not count ("drop" only with a table, database, collection or the like: "drag and drop" is not a deletion). Read it beside destructiveHint: a "delete" tool that declares itself read-only or additive contradicts itself. Heuristic: phrase patterns.',
  default: null,
  doesNotTell: 'What it deletes, or whether it can be undone; a destructive tool that does not say so is not caught.',
  reference: 'Heuristic of this tool (signals in the tool itself)',
};

export const deletesDataRule: SignalRule<typeof DELETES_DATA_ID> = {
  definition: DELETES_DATA_DEFINITION,
  check({ words, prose }) {
    const deletes = deletesDataWord([words, ...prose]);
    return deletes === null ? null : raised(DELETES_DATA_DEFINITION, `Says "${deletes}": it may delete or overwrite.`);
  },
};
