/**
 * Signal: the tool says it reads or returns environment variables or credentials (secrets, API keys,
 * passwords, access tokens). A server's environment is where its own credentials live, so what such
 * a tool returns can put them in front of the model, and from there anywhere. Word patterns.
 */
import type { FlagDefinition } from '../finding';

export const EXPOSES_SECRETS_ID = 'exposes-secrets';

const SECRETS =
  /\benv(?:ironment)?[ _-]?var(?:iable)?s?\b|\bprocess\.env\b|\b(?:get|print|dump|list|read|show) env\b|\benv(?:ironment)? (?:of|for) the (?:server|process)\b|\bcredentials?\b|\bsecrets?\b|\bapi[ _-]?keys?\b|\bpasswords?\b|\baccess[ _-]tokens?\b|\bbearer tokens?\b|\bprivate[ _-]keys?\b|\bssh keys?\b/i;

/** The phrase that says the tool reads environment variables or credentials, or null. */
export function exposesSecretsPhrase(texts: readonly string[]): string | null {
  for (const text of texts) {
    const match = SECRETS.exec(text);
    if (match !== null) return match[0];
  }
  return null;
}

export const EXPOSES_SECRETS_DEFINITION: FlagDefinition<typeof EXPOSES_SECRETS_ID> = {
  id: EXPOSES_SECRETS_ID,
  severity: 'high',
  title: 'Exposes environment variables or credentials',
  meaning:
    "The name, title or description says the tool reads or returns environment variables, credentials, secrets, API keys, passwords or access tokens. A server's environment holds the keys it was started with: a tool that returns it hands them to the model, and a poisoned text can ask the agent to send them on. A read-only tool can still leak. Heuristic: word patterns.",
  default: null,
  doesNotTell:
    'Which variables or secrets it returns, or whether it redacts them (run it in a sandbox to see); a tool that leaks without saying so is not caught.',
  reference: 'MCP security best practices (token passthrough, data exfiltration); heuristic of this tool',
};
