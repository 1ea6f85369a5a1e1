/**
 * Evidence class: sensitive targets. The text tells the model to read, collect or pass something a
 * tool's caller never needs to hand over: private keys (`~/.ssh`, `id_rsa`), cloud and registry
 * credentials (`~/.aws/credentials`, `.npmrc`, `.netrc`, `~/.kube/config`), `.env` files, the MCP
 * clients' own configuration (`mcp.json`, `claude_desktop_config.json`, `~/.cursor`), keychains,
 * `/etc/passwd` and `/etc/shadow`, browser cookies and saved logins, shell history; and, named as a
 * whole, "all API keys", "every token", "all files", the conversation or the system prompt.
 * It counts as an order where a verb that takes (read, cat, collect, include, pass, send, …) stands
 * before the target in the same clause, not denied ("Do not include … API keys" is a warning), and
 * not in the text's first sentence (where a tool says what it does: "Read the SSH config at
 * ~/.ssh/config"), unless a word addressed to the model leads the verb ("please read", "first read",
 * "you must read").
 */
import { everyMatch, isNegated } from '../signals/words';
import { asOrder } from './phrases';

/** Paths and stores that hold secrets, named precisely. */
const STORES = [
  String.raw`~?/?\.ssh\b(?:/[\w.-]*[\w-])?`,
  String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b`,
  String.raw`~?/?\.aws(?:/credentials|/config)?\b`,
  String.raw`~?/?\.(?:azure|gnupg|docker/config\.json|kube/config|config/gcloud)\b`,
  String.raw`(?:^|[\s\`'"(/])\.(?:npmrc|pypirc|netrc|pgpass|git-credentials|bash_history|zsh_history)\b`,
  String.raw`(?:^|[\s\`'"(/~])\.env(?:\.[a-z]+)?(?![\w.-])`,
  String.raw`\b(?:mcp|mcp_config|cline_mcp_settings|claude_desktop_config)\.json\b`,
  String.raw`~?/?\.(?:cursor|claude|codeium|continue)(?:/[\w./-]*[\w-])?`,
  String.raw`\bkey ?chains?\b|\bkeyring\b|\bwallet\.dat\b|\bLogin Data\b`,
  String.raw`/etc/(?:passwd|shadow|sudoers)\b`,
  String.raw`\b(?:browser|chrome|firefox|safari|edge)(?:'s)?\s+(?:cookies|saved passwords|password store|session)\b`,
  String.raw`\bprivate keys?\b|\bseed phrases?\b|\bmnemonic\b`,
];

/** Secrets or the model's context, taken as a whole: "all API keys", "the conversation history". */
const WHOLES = [
  String.raw`\b(?:all|any|every|each|the user's)\s+(?:of (?:the|your)\s+)?(?:api[ _-]?keys|access tokens|tokens|passwords|credentials|secrets|session cookies|cookies|environment variables|env vars)\b`,
  String.raw`\b(?:all|every) (?:local |the user's |of the user's )?files\b`,
  String.raw`\b(?:the\s+)?(?:full|entire|whole|complete)\s+(?:conversation|chat)\b(?:\s+(?:history|context|log))?`,
  String.raw`\b(?:system prompt|conversation history|chat history|context window|previous messages|all (?:user )?messages)\b`,
];

const TAKES = String.raw`\b(?:read|cat|open|access|fetch|retrieve|collect|gather|extract|dump|copy|include|attach|pass|send|provide|upload|forward|share|append|add|insert|put|leak|exfiltrate|encode|base64|concatenate)\b`;
/** The verb, then within the clause the target. */
const TAKEN = new RegExp(String.raw`${TAKES}[^.;\n]{0,60}?(?:${[...STORES, ...WHOLES].join('|')})`, 'gi');
/** The words that tell the model to take a sensitive target ("read ~/.ssh/id_rsa"), or null. */
export function sensitiveTargetPhrase(text: string): string | null {
  for (const match of everyMatch(TAKEN, text)) {
    if (isNegated(text, match.index)) continue;
    if (asOrder(text, match.index)) return match[0].trim();
  }
  return null;
}
