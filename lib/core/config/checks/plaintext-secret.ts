/** plaintext-secret: a credential written in the entry's env, headers, arguments or URL (query or password). */
import { describeSecret, hasTokenShape, isPlaintextSecret, redactArgs } from '../secrets';
import { at, located, type ConfigRule, type EntryFacts, type RaisedConfigFinding } from './rule';

export const plaintextSecret: ConfigRule<'plaintext-secret'> = {
  definition: {
    id: 'plaintext-secret',
    severity: 'high',
    title: 'A secret written in plain text',
    meaning:
      'An environment value, header, argument or URL query holds what looks like a credential (a well-known token shape, or a secret-sounding name with a literal value). Anyone who can read the file, its backups or a shared project repository can use it. Reference a variable instead (${VAR}, ${env:VAR} or an input, as the client allows).',
    doesNotTell:
      'Whether the value is a live credential: the check recognises shapes and names only. The value is never shown, not even in part.',
    reference: 'OWASP Secrets Management Cheat Sheet; MCP security best practices (token handling)',
  },
  looks: 'entry',
  check: (facts) => [...writtenSecrets(facts), ...urlSecrets(facts)],
};

type Raised = RaisedConfigFinding<'plaintext-secret'>;

/** Credentials written in the entry's env, headers and arguments. */
function writtenSecrets({ entry, literal }: EntryFacts): Raised[] {
  const where = at(entry);
  const out: Raised[] = [];
  const raise = (message: string): void => {
    out.push(located(plaintextSecret.definition, message, where));
  };
  for (const [name, value] of Object.entries(entry.env))
    if (literal(value) && isPlaintextSecret(name, value))
      raise(`env ${describeSecret(name, value)} is written in the file.`);
  for (const [name, value] of Object.entries(entry.headers))
    if (literal(value) && isPlaintextSecret(name, value))
      raise(`header ${describeSecret(name, value)} is written in the file.`);
  const { redacted } = redactArgs(entry.args);
  for (const index of redacted) {
    const arg = entry.args[index] ?? '';
    if (literal(arg)) raise(`argument ${index + 1} looks like a credential (${arg.length} characters).`);
  }
  return out;
}

/** Credentials in the URL's query or password. */
function urlSecrets({ entry, literal }: EntryFacts): Raised[] {
  if (entry.url === null) return [];
  const where = at(entry);
  try {
    const parsed = new URL(entry.url);
    const secretQuery = [...parsed.searchParams.entries()].filter(
      ([name, value]) => literal(value) && (isPlaintextSecret(name, value) || hasTokenShape(value)),
    );
    const out = secretQuery.map(([name, value]) =>
      located(plaintextSecret.definition, `URL query ${describeSecret(name, value)} is written in the file.`, where),
    );
    if (parsed.password !== '')
      out.push(
        located(
          plaintextSecret.definition,
          `the URL carries a password (${parsed.password.length} characters).`,
          where,
        ),
      );
    return out;
  } catch {
    // An unexpanded or invalid URL is reported elsewhere.
    return [];
  }
}
