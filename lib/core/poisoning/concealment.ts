/**
 * Evidence class: concealment. The text tells the model to keep something from the user: "do not
 * mention/tell/inform the user", "without telling the user", "silently read …", "keep this secret",
 * "DO NOT SHOW TO USER", "hide this from the user", "the user should not see". An honest tool has
 * nothing to hide from the person it works for; secrecy is the mark of the Invariant Labs example
 * ("Do not mention that you first need to read the file") and of MCPTox's attacks.
 * Not concealment: what a tool does quietly ("this operation will succeed silently"), or an order not
 * to ask ("do not ask the user to select a version": autonomy, not secrecy).
 */
import { firstMatch } from './phrases';

const NOT = String.raw`(?:do not|don't|never|must not|should not|shouldn't|do NOT)`;
const CONCEALMENT: readonly RegExp[] = [
  new RegExp(String.raw`\b${NOT}\s+(?:ever\s+)?(?:mention|tell|inform|notify|alert)\b[^.\n]{0,60}`, 'i'),
  new RegExp(
    String.raw`\b${NOT}\s+(?:show|reveal|disclose|display|expose|explain)\s+(?:this|these|that|it|any of (?:this|these)|the (?:above|following|instructions?|note|steps?|request|sidenote))\b[^.\n]{0,40}`,
    'i',
  ),
  new RegExp(String.raw`\b${NOT}\s+(?:show|reveal|disclose|display)\b[^.\n]{0,30}?\bto (?:the )?user\b`, 'i'),
  /\bwithout\s+(?:telling|informing|notifying|alerting|letting)\s+(?:the\s+)?(?:user|them|anyone)\b[^.\n]{0,40}/i,
  /\bwithout\s+the\s+user\s+(?:knowing|noticing|seeing|being\s+aware)\b/i,
  /\bsilently\s+(?:read|send|pass|include|add|append|call|forward|upload|copy|collect|attach|exfiltrate|submit|post|run|execute|delete|modify|change|insert|log|record|save|store|write|use|invoke|fetch|access)\b[^.\n]{0,60}/i,
  /\b(?:do|perform|execute|run|handle|complete)\s+(?:this|it|that|these steps?)\s+(?:step\s+)?(?:silently|quietly|secretly|covertly|in the background without)\b/i,
  /\b(?:keep|hold)\s+(?:this|these|it|that)(?:\s+\w+){0,3}\s+(?:a\s+)?(?:secret|hidden|private|confidential)\b(?:\s+from\s+(?:the\s+)?user)?/i,
  /\b(?:hide|conceal)\s+(?:this|these|it|that|the)\b[^.\n]{0,30}?\s+from\s+(?:the\s+)?user\b/i,
  /\b(?:the\s+)?user\s+(?:should|must|need|needs to|does|will)\s*(?:not|n't)\s+(?:see|know|notice|be\s+(?:told|informed|aware|shown))\b[^.\n]{0,40}/i,
  /\b(?:this|it) (?:is|must remain|should remain|stays) (?:invisible|hidden) (?:to|from) the user\b/i,
  /\bDO NOT SHOW (?:THIS )?TO (?:THE )?USER\b/i,
];

/** The words that tell the model to keep something from the user, or null. */
export function concealmentPhrase(text: string): string | null {
  return firstMatch(text, CONCEALMENT);
}
