/**
 * Evidence class: override. The text tells the model to drop what it was told or to become someone
 * else: "ignore (all) previous instructions", "disregard the above", "forget your instructions",
 * "you are now …", "from now on", "new role", "act as an unrestricted …", "disable/bypass guardrails
 * or safety". A tool's documentation never needs to replace the model's instructions: this is the
 * language of prompt injection (OWASP LLM01; MCPTox's "instruction override" paradigm).
 * Not override: "Whether to ignore cache on reload", "ignore an issue" (Sentry), "the retry ignores
 * errorPath", "acts as a proxy".
 */
import { firstMatch } from './phrases';

const PRIOR = String.raw`(?:all\s+|any\s+|the\s+|your\s+|every\s+)?(?:previous|prior|earlier|above|preceding|original|initial|former|system|existing|other)`;
const GUIDANCE = String.raw`(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|context|constraints|commands|orders|policies|programming)`;

const OVERRIDE: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:ignore|disregard|forget|override|overrule|discard|drop|skip)\s+${PRIOR}\s+${GUIDANCE}\b[^.\n]{0,40}`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:ignore|disregard|forget)\s+(?:all\s+|everything\s+)?(?:you (?:were|have been) told|(?:of\s+)?the above|what (?:the user|you were) (?:said|told))\b[^.\n]{0,40}`,
    'i',
  ),
  new RegExp(String.raw`\b(?:forget|ignore|disregard)\s+(?:all\s+)?(?:your|its)\s+${GUIDANCE}\b[^.\n]{0,40}`, 'i'),
  /\byou are now\s+(?:an?\b|the\b|in\b|acting\b|my\b|no longer\b|free\b|DAN\b|unrestricted\b|jailbroken\b)[^.\n]{0,40}/i,
  /\bfrom now on,?\s+(?:you|act|respond|behave|always|ignore)\b[^.\n]{0,40}/i,
  /\b(?:your|a|this is your)\s+new\s+(?:role|persona|identity|instructions|system prompt|task is)\b[^.\n]{0,40}/i,
  /\b(?:act|behave|pretend|respond)\s+as\s+(?:if you (?:were|are|have)|an?\s+(?:unrestricted|unfiltered|uncensored|jailbroken|different|new|evil|admin|root|system|developer(?: mode)?)\b)[^.\n]{0,40}/i,
  /\b(?:disable|bypass|ignore|turn off|override|circumvent|deactivate|skip|suspend)\s+(?:all\s+|any\s+|your\s+|the\s+|its\s+)?(?:guardrails?|safety(?:\s+(?:checks?|rules|filters|guidelines|measures))?|safeguards?|content (?:filters?|polic(?:y|ies))|security (?:checks?|rules|polic(?:y|ies)|restrictions)|restrictions|ethical guidelines|alignment)\b[^.\n]{0,40}/i,
  /\b(?:enter|enable|activate|switch to)\s+(?:developer|god|admin|debug|jailbreak|DAN)\s+mode\b/i,
];

/** The words that tell the model to drop its instructions or take another role, or null. */
export function overridePhrase(text: string): string | null {
  return firstMatch(text, OVERRIDE);
}
