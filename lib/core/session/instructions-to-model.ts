/**
 * Whether a server's text gives the model orders, for the session findings (shadowing, near-miss
 * names, orders about another server's tool) and for a tool that appears mid-session: the one place
 * these rules ask it. A STAND-IN until the poisoning detector (lib/core/poisoning) lands: it reuses
 * the order patterns a changed text and a result are checked for (contract/text-review.ts
 * orderPhrase, results/instructions.ts instructionIn: notices, tags, overrides, secrecy, ordered
 * calls) and adds the tags in square brackets and the concealment and override words that make an
 * order an attack rather than a workflow ("You MUST call resolve-library-id first" is a workflow).
 * Point both functions at the detector when it is merged.
 */
import { instructionIn } from '../results/instructions';

/** What makes an order an attack: hiding from the user, overriding the model, a tag written for it. */
export type AttackKind = 'concealment' | 'override' | 'tag';

export const ATTACK_WORDS: Record<AttackKind, string> = {
  concealment: 'hides it from the user',
  override: 'overrides the model’s instructions',
  tag: 'carries a tag written for the model',
};

/** The patterns of each kind, concealment and overrides first (they say more than a tag). */
const ATTACK: readonly (readonly [AttackKind, RegExp])[] = [
  [
    'concealment',
    /\b(?:do not|don't|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|show(?:ing)?|notify(?:ing)?|alert(?:ing)?)\b[^.\n]{0,60}/i,
  ],
  ['concealment', /\b(?:secretly|covertly)\b[^.\n]{0,40}/i],
  [
    'concealment',
    /\bsilently\s+(?:send|include|add|forward|copy|read|call|pass|append|upload|collect|share|post|bcc|cc)\b[^.\n]{0,40}/i,
  ],
  ['override', /\bignore\s+(?:all\s+|any\s+)?(?:previous|prior|earlier|other|the above|the user'?s?)\b[^.\n]{0,60}/i],
  ['override', /\b(?:you are now|new role|disregard (?:all|any|previous|prior))\b[^.\n]{0,40}/i],
  ['tag', /[<[]\s*\/?\s*(?:important|hidden|system|secret|instructions?|admin|note)\s*[>\]]/i],
  ['tag', /<\|\s*(?:system|im_start)[^|]{0,20}\|>/i],
];

/** The words of `text` that order the model (`toolNames`: tools it may order called), or null. */
export function instructionsToModel(text: string, toolNames: readonly string[] = []): string | null {
  return attackInstructions(text)?.words ?? instructionIn(text, toolNames);
}

/** The words of `text` that hide an order from the user, override the model, or tag text for it, or null. */
export function attackInstructions(text: string): { kind: AttackKind; words: string } | null {
  for (const [kind, pattern] of ATTACK) {
    const match = pattern.exec(text);
    if (match !== null) return { kind, words: match[0].trim() };
  }
  return null;
}

/** ", and it hides it from the user: "do not mention …"", or '' without an attack. */
export function attackClause(attack: { kind: AttackKind; words: string } | null): string {
  return attack === null ? '' : `; it ${ATTACK_WORDS[attack.kind]}: ${quoted(attack.words)}`;
}

/** A text's words shown in a message: quoted, cut at 120 characters. */
export const quoted = (words: string): string => JSON.stringify(words.length > 120 ? `${words.slice(0, 119)}…` : words);
