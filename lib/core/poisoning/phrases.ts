/**
 * The readings every pattern file of this folder shares: the first match of a list of patterns, as
 * the words that decided it, and whether a phrase stands where a text gives the model an order
 * rather than where a tool says what it does (its first sentence: "Read the SSH config at
 * ~/.ssh/config", "Upload a file to https://…" describe the tool).
 */

/** The first match of the first pattern that matches, trimmed, or null. */
export function firstMatch(text: string, patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match !== null) return match[0].trim();
  }
  return null;
}

/** Words that address the model just before a verb: "please read", "first read", "you must send". */
const ADDRESSED =
  /(?:\b(?:please|first|also|then|you (?:must|should|need to|have to)|make sure to|be sure to|remember to|always|now)\s+|\b(?:before|after|prior to|when|to)\s+(?:using|calling|running|invoking|use|call|run|invoke|you (?:use|call|run))\b[^.\n]{0,60},\s*)$/i;

/**
 * Whether the phrase at `index` reads as an order to the model: after the text's first sentence, or
 * led by words addressed to the model ("Please read …" opening the text).
 */
export function asOrder(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return /[.!?](?:\s|$)|\n/.test(before) || ADDRESSED.test(before.slice(-100));
}
