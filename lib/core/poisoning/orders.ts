/**
 * Words that address the model with an order rather than describe a tool, and notices written for
 * the model: the one home of these patterns. A changed text's review (contract/text-review.ts), a
 * call's result (results/instructions.ts) and the first listing's poisoning check (verdict.ts) read
 * them. An order alone is no attack: honest servers chain their tools ("You MUST call
 * resolve-library-id before get-library-docs") and write usage notes ("IMPORTANT: Always use absolute
 * paths"); what makes text an attack is the evidence beside it (concealment, override, a role
 * marker, a sensitive target, an exfiltration channel). MCP security best practices (tool poisoning).
 */
import { firstMatch } from './phrases';

/** A clause's characters: a full stop ends it only before a space or the end ("~/.ssh/id_rsa" stays whole). */
const CLAUSE = String.raw`(?:[^.\n]|\.(?=[^\s.]))`;

/**
 * Phrases that give the model an order rather than describe a tool: a condition on other calls,
 * sequencing, absolutes, overrides, secrecy, and asks for the conversation or the context.
 */
const ORDERS: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:before|after|instead of|prior to)\s+(?:calling|using|running|invoking|answering|responding)\b${CLAUSE}{0,60}`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:you must|you should|you need to|make sure (?:to|you)|be sure to|it is (?:required|mandatory) to)\b${CLAUSE}{0,60}`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:always|never)\s+(?:call|use|run|send|include|pass|ask|tell|mention|reveal|show)\b${CLAUSE}{0,60}`,
    'i',
  ),
  new RegExp(
    String.raw`\bignore\s+(?:all\s+|any\s+)?(?:previous|prior|earlier|other|the above|the user'?s?)\b${CLAUSE}{0,60}`,
    'i',
  ),
  new RegExp(String.raw`\b(?:do not|don't|never)\s+(?:tell|inform|mention|reveal|show|notify)\b${CLAUSE}{0,60}`, 'i'),
  new RegExp(
    String.raw`\b(?:without|before)\s+(?:telling|asking|informing|notifying)\s+the\s+user\b${CLAUSE}{0,40}`,
    'i',
  ),
  /\b(?:full|entire|whole)\s+(?:conversation|chat|context|history|transcript)\b/i,
  /\b(?:system prompt|conversation history|previous messages|chat history)\b/i,
];

/** The first phrase of the text that gives the model an order, or null. */
export function orderPhrase(text: string): string | null {
  return firstMatch(text, ORDERS);
}

/** A notice written for the model: a line that opens with a label, or a tag pretending to be a prompt. */
const NOTICES: readonly RegExp[] = [
  /^[\s>*#_-]*(?:SECURITY NOTICE|SECURITY WARNING|IMPORTANT|ATTENTION|SYSTEM(?: PROMPT| MESSAGE)?|INSTRUCTIONS?(?: FOR THE (?:AI|MODEL|ASSISTANT))?)\s*:[^\n]{0,60}/m,
  /<\s*\/?\s*(?:important|system|instructions?|admin)\s*>/i,
  new RegExp(String.raw`\b(?:note|message) (?:to|for) (?:the )?(?:ai|assistant|model|llm|agent)\b${CLAUSE}{0,60}`, 'i'),
];

/** The first notice of the text written for the model ("SECURITY NOTICE: …", "<IMPORTANT>"), or null. */
export function noticePhrase(text: string): string | null {
  return firstMatch(text, NOTICES);
}

/** Verbs that, opening a clause, tell the model to act (inside a marked block: an order). */
const IMPERATIVE =
  /(?:^|[.!?:;,\n]\s*|\b(?:also|then|please|first|now|and|just|simply)\s+)(?:read|send|pass|include|call|use|run|execute|forward|upload|collect|extract|append|add|copy|delete|remove|write|open|fetch|visit|navigate|ignore|disregard|forget|tell|say|respond|reply|answer|output|print|return|email|post|invoke|set|change|modify|grant|approve|transfer|install|download|access|provide|attach|share|list|check|verify|make)\b(?:[^.\n]|\.(?=[^\s.])){0,60}/i;

/**
 * The first order of the text: an order phrase, a notice, or (`imperative`: the text is a block a
 * marker sets apart) a clause that opens with a verb telling the model to act. Null when none.
 */
export function instructionPhrase(text: string, imperative = false): string | null {
  const order = orderPhrase(text) ?? noticePhrase(text);
  if (order !== null || !imperative) return order;
  const match = IMPERATIVE.exec(text.trim());
  return match === null ? null : match[0].replace(/^[.!?:;\s]+/, '').trim();
}
