/**
 * Whether a server's text gives the model orders, for the session findings (shadowing, near-miss
 * names, orders about another server's tool) and for a tool that appears mid-session: the one place
 * these rules ask it, answered by the poisoning detector (lib/core/poisoning/verdict.ts) so a text is
 * an attack here exactly when it is one in the first listing. An order is either evidence of an attack
 * (concealment, an override, a role or system marker around an order, a sensitive target, an
 * exfiltration channel) or a plain order (results/instructions.ts instructionIn: notices, ordered
 * calls, "You MUST call resolve-library-id first"), which is a workflow and never critical alone.
 */
import { textVerdict, type EvidenceClass } from '../poisoning/verdict';
import { instructionIn } from '../results/instructions';

/** What makes an order an attack, as the poisoning detector names it. */
export type AttackKind = EvidenceClass;

export const ATTACK_WORDS: Record<AttackKind, string> = {
  concealment: 'hides it from the user',
  override: 'overrides the model’s instructions',
  marker: 'carries a marker written for the model',
  'sensitive target': 'names a sensitive target',
  'exfiltration channel': 'opens an exfiltration channel',
};

/** The words of `text` that order the model (`toolNames`: tools it may order called), or null. */
export function instructionsToModel(text: string, toolNames: readonly string[] = []): string | null {
  return attackInstructions(text)?.words ?? instructionIn(text, toolNames);
}

/** The first evidence of an attack `text` carries (its kind and its words), or null. */
export function attackInstructions(text: string): { kind: AttackKind; words: string } | null {
  const [first] = textVerdict(text).attack;
  return first === undefined ? null : { kind: first.kind, words: first.phrase };
}

/** ", and it hides it from the user: "do not mention …"", or '' without an attack. */
export function attackClause(attack: { kind: AttackKind; words: string } | null): string {
  return attack === null ? '' : `; it ${ATTACK_WORDS[attack.kind]}: ${quoted(attack.words)}`;
}

/** A text's words shown in a message: quoted, cut at 120 characters. */
export const quoted = (words: string): string => JSON.stringify(words.length > 120 ? `${words.slice(0, 119)}…` : words);
