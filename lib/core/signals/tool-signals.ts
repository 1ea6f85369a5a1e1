/**
 * The signals of one tool read from its own words (name as words, title, description), its
 * top-level arguments and its output schema: each rule of SIGNAL_RULES (definitions.ts) in order,
 * each finding with a message that quotes what matched. A rule may raise a milder case with a lower
 * severity (the signal's strength, definitions.ts).
 * Heuristics: a match is a reason to read the tool, never proof, and no match proves nothing.
 */
import type { Finding } from '../finding';
import { SIGNAL_RULES, type SignalFindingId } from './definitions';
import { nameWords } from './words';

export interface SignalContext {
  /** The tool's outputSchema, as sent (its field names say what it returns). */
  outputSchema?: unknown;
  /** Whether the tool is a read: declared read-only, or named with a read verb (default: no). */
  isRead?: boolean;
}

/** The signal findings of one tool: `prose` is every text but the name. */
export function toolSignalFindings(
  name: string,
  prose: readonly string[],
  inputSchema: unknown,
  context: SignalContext = {},
): Finding<SignalFindingId>[] {
  const facts = {
    name,
    words: nameWords(name),
    prose,
    inputSchema,
    outputSchema: context.outputSchema,
    isRead: context.isRead ?? false,
  };
  return SIGNAL_RULES.flatMap((rule): Finding<SignalFindingId>[] => {
    const finding = rule.check(facts);
    return finding === null ? [] : [finding];
  });
}
