/**
 * Rule: a result holds a secret (result-holds-secret, critical): a private key, a cloud key, a
 * provider token, a JWT, a connection string or URL with a password, found by format
 * (secret-formats.ts: secretlint's recommended rules, and a JWT and the exercise's canary). A result
 * is what the model reads next: a secret in it is served to the model, and from there to anything
 * the model writes. The message names the kind and where, never a fragment: the result itself is
 * shown with each secret replaced (inspect.ts).
 */
import { raised, type Finding, type FindingDefinition } from '../finding';
import { REFERENCE } from './reference';
import type { ResultText } from './result-texts';
import { maskSecretsInText, secretMatches } from './secret-formats';

export const RESULT_HOLDS_SECRET_DEFINITION: FindingDefinition<'result-holds-secret'> = {
  id: 'result-holds-secret',
  severity: 'critical',
  title: 'The result holds a secret',
  meaning:
    "The result holds something shaped like a live credential: a private key, an AWS, GCP or other cloud key, a GitHub, GitLab, Slack, Stripe, OpenAI or Anthropic token, a JWT, a database connection string or URL with a password (matched by secretlint's recommended rules, plus a JWT header check). A result is what the model reads next: the secret is now in the conversation, in the host's logs, and in whatever the model writes or sends. mcp-hintcheck shows the result with each secret replaced and never prints or saves the secret itself.",
  doesNotTell:
    'Whether the secret is real or still valid (nothing is tried), nor secrets in a format the rules do not know (a bare password, a key split or encoded).',
  reference: `${REFERENCE}; secretlint rule-preset-recommend`,
};

/** At most this many places are named. */
const PLACES = 4;

/** One finding naming each kind of secret and where it is ("a private key (PEM) in content[0].text"). */
export function secretFindings(texts: readonly ResultText[]): Finding<'result-holds-secret'>[] {
  const places: string[] = [];
  for (const { where, text } of texts) {
    // A JSON path is made of keys, and a key can be the secret: it is read, and never named.
    const path = maskSecretsInText(where);
    for (const { kind } of path.matches) places.push(`${kind} in a key of ${path.text}`);
    for (const { kind } of secretMatches(text)) places.push(`${kind} in ${path.text}`);
  }
  if (places.length === 0) return [];
  const unique = [...new Set(places)];
  const more = unique.length > PLACES ? `; and ${unique.length - PLACES} more` : '';
  return [
    raised(
      RESULT_HOLDS_SECRET_DEFINITION,
      `The result holds ${unique.slice(0, PLACES).join('; ')}${more} (not shown).`,
    ),
  ];
}
