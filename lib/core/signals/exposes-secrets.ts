/**
 * Signal: the tool says it reads or returns environment variables or credentials (secrets, API keys,
 * passwords, access tokens). A server's environment is where its own credentials live, so what such
 * a tool returns can put them in front of the model, and from there anywhere. Two strengths: it says
 * it returns the environment or credentials ("Returns all environment variables", get_env, "List
 * stored credentials": high, among the strongest signals of the risk order), or its name or first
 * sentence names them otherwise (medium). An example or a remark further down ("Fill username,
 * password", "with your session credential") and a negated phrase do not count. Phrase patterns.
 */
import { raised, type FlagDefinition } from '../finding';
import type { SignalRule } from './signal-rule';
import type { Severity } from '../severity';
import { affirmedPhrase, firstSentence } from './words';

export const EXPOSES_SECRETS_ID = 'exposes-secrets';

const SECRET_WORDS = String.raw`env(?:ironment)?[ _-]?var(?:iable)?s?|process\.env|credentials?|secrets?|api[ _-]?keys?|passwords?|access[ _-]tokens?|bearer tokens?|private[ _-]keys?|ssh keys?`;
const SECRETS = new RegExp(String.raw`\b(?:${SECRET_WORDS})\b`, 'i');
const RETURNS = String.raw`\b(?:get|gets|return|returns|returning|list|lists|read|reads|show|shows|print|prints|dump|dumps|expose|exposes|retrieve|retrieves|fetch|fetches|reveal|reveals|output|outputs)\b`;

/** It hands them back: a verb that returns them, or a name that gets the environment. */
const RETURNS_SECRETS: readonly RegExp[] = [
  new RegExp(String.raw`${RETURNS}[^.\n]{0,30}?\b(?:${SECRET_WORDS})\b`, 'i'),
  /\b(?:get|print|dump|list|read|show) env\b|\benv(?:ironment)? (?:of|for) the (?:server|process)\b/i,
];

/** The phrase that says the tool reads environment variables or credentials, and how strongly, or null. */
export function exposesSecrets(
  name: string,
  prose: readonly string[],
): { phrase: string; severity: Extract<Severity, 'high' | 'medium'> } | null {
  const said = [name, ...prose.map(firstSentence)];
  const returns = affirmedPhrase(said, RETURNS_SECRETS);
  if (returns !== null) return { phrase: returns, severity: 'high' };
  const named = affirmedPhrase(said, [SECRETS]);
  return named === null ? null : { phrase: named, severity: 'medium' };
}

/** The phrase alone (name words first, then the prose), or null. */
export function exposesSecretsPhrase(texts: readonly string[]): string | null {
  return exposesSecrets(texts[0] ?? '', texts.slice(1))?.phrase ?? null;
}

export const EXPOSES_SECRETS_DEFINITION: FlagDefinition<typeof EXPOSES_SECRETS_ID> = {
  id: EXPOSES_SECRETS_ID,
  severity: 'high',
  title: 'Exposes environment variables or credentials',
  meaning:
    'The name or the first sentence of the description says the tool returns environment variables, credentials, secrets, API keys, passwords or access tokens (high: among the strongest signals of the risk order), or names them otherwise (medium). A server\'s environment holds the keys it was started with: a tool that returns it hands them to the model, and a poisoned text can ask the agent to send them on. A read-only tool can still leak. Examples and remarks further down ("Fill username, password") do not count. Heuristic: phrase patterns.',
  default: null,
  doesNotTell:
    'Which variables or secrets it returns, or whether it redacts them (run it in a sandbox to see); a tool that leaks without saying so is not caught.',
  reference: 'MCP security best practices (token passthrough, data exfiltration); heuristic of this tool',
};

export const exposesSecretsRule: SignalRule<typeof EXPOSES_SECRETS_ID> = {
  definition: EXPOSES_SECRETS_DEFINITION,
  check({ words, prose }) {
    const secrets = exposesSecrets(words, prose);
    if (secrets === null) return null;
    const what =
      secrets.severity === 'high' ? 'it may return environment variables or credentials' : 'it handles secrets';
    return raised(EXPOSES_SECRETS_DEFINITION, `Says "${secrets.phrase}": ${what}.`, secrets.severity);
  },
};
