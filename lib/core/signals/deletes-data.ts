/**
 * Signal: the tool says it deletes, removes, purges or overwrites something. Word patterns that
 * respect context: "drop" counts only with what a database drops (table, database, collection,
 * index…), so "drag and drop", "drop files onto an element" and "dropdown" are not deletions.
 */
import type { FlagDefinition } from '../finding';

export const DELETES_DATA_ID = 'deletes-data';

const DELETES_DATA =
  /\b(?:delete[sd]?|deleting|deletion|remove[sd]?|removing|destroy(?:s|ed)?|purge[sd]?|wipe[sd]?|erase[sd]?|truncate[sd]?|overwrite[sd]?|unlink)\b|\bdrop(?:s|ped|ping)?\s+(?:(?:the|a|an|all|any|every|one|this|that|its|existing)\s+)?(?:tables?|databases?|collections?|indexes|indices|index|schemas?|columns?|views?|keyspaces?|buckets?)\b/i;

/** The word that says the tool deletes or overwrites, or null. */
export function deletesDataWord(texts: readonly string[]): string | null {
  for (const text of texts) {
    const match = DELETES_DATA.exec(text);
    if (match !== null) return match[0];
  }
  return null;
}

export const DELETES_DATA_DEFINITION: FlagDefinition<typeof DELETES_DATA_ID> = {
  id: DELETES_DATA_ID,
  severity: 'low',
  title: 'Says it deletes or overwrites',
  meaning:
    'The name, title or description says the tool deletes, removes, purges or overwrites something ("drop" only with a table, database, collection or the like: "drag and drop" is not a deletion). Read it beside destructiveHint: a "delete" tool that declares itself read-only or additive contradicts itself. Heuristic: word patterns.',
  default: null,
  doesNotTell: 'What it deletes, or whether it can be undone; a destructive tool that does not say so is not caught.',
  reference: 'Heuristic of this tool (signals in the tool itself)',
};
