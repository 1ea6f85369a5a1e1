/**
 * What a signal rule is (one file each in this folder, registered in definitions.ts): the definition
 * of the flag it raises and the check that raises it, at most once, from a tool's own words and
 * arguments, with a message that quotes what matched.
 */
import type { FlagDefinition, Finding } from '../finding';

/** What a signal reads of one tool. */
export interface SignalFacts {
  name: string;
  /** The name split into words ("delete_file" → "delete file"). */
  words: string;
  /** Every text but the name: title, description. */
  prose: readonly string[];
  inputSchema: unknown;
  /** The tool's outputSchema, as sent (its field names say what it returns). */
  outputSchema: unknown;
  /** Whether the tool is a read: declared read-only, or named with a read verb. */
  isRead: boolean;
}

export interface SignalRule<Id extends string> {
  readonly definition: FlagDefinition<Id>;
  /** The finding on this tool (a milder case at a lower severity), or null. */
  readonly check: (facts: SignalFacts) => Finding<Id> | null;
}

/** At most five items, joined, with an ellipsis when there are more. */
export const listed = (items: readonly string[]): string =>
  `${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}`;
