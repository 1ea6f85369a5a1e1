import { describe, expect, it } from 'vitest';
import { inspectResult } from './inspect';
import { SECRET_MASK, SECRET_RULE_NAMES, maskSecrets, maskSecretsInText, secretMatches } from './secret-formats';

// Planted secrets, built from pieces so no token shape sits in the source as one string.
const b64 = 'aB3dE6fG9hJ2kL5mN8pQ1rS4tU7vW0xY3zA6';
const cat = (...parts: string[]): string => parts.join('');
const PLANTED = {
  pem: cat(
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD',
    b64,
    b64,
    'AAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
  ),
  aws: cat('aws_access_key_id = ', 'AKIA', 'QWERTYUIOPASDFGH'),
  jwt: cat(
    'eyJ',
    'hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.',
    'eyJ',
    'zdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ),
  postgres: cat('postgresql://', 'dbuser', ':', 'dbpass', '@localhost/production'),
  github: cat('ghp_', b64),
  slack: cat('xoxb', '-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'),
  stripe: cat('sk_live', '_4eC39HqLyjWDarjtT1zdp7dc'),
  anthropic: cat('sk-ant', '-api03-', b64, b64, b64, '-aB3dE6AA'),
  gitlab: cat('glpat', '-aB3dE6fG9hJ2kL5mN8pQ'),
  canary: cat('HINTCHECK-CANARY-', '0123456789abcdef01234567'),
};

describe('secretMatches: the rule set', () => {
  it('loads secretlint recommended rules', () => {
    expect(SECRET_RULE_NAMES).toEqual(expect.arrayContaining(['aws', 'privatekey', 'github', 'slack', 'stripe']));
  });

  it.each<[keyof typeof PLANTED, string]>([
    ['pem', 'a private key (PEM)'],
    ['aws', 'an AWS access key id'],
    ['jwt', 'a JWT'],
    ['postgres', 'a database connection string with a password'],
    ['github', 'a GitHub token'],
    ['slack', 'a Slack token or webhook'],
    ['stripe', 'a Stripe key'],
    ['anthropic', 'an Anthropic API key'],
    ['gitlab', 'a GitLab token'],
    ['canary', "a canary planted by mcp-hintcheck's sandbox"],
  ])('%s', (name, kind) => {
    const kinds = secretMatches(`before ${PLANTED[name]} after`).map((match) => match.kind);
    expect(kinds).toContain(kind);
  });

  // What honest servers return: documentation about keys, placeholders, ids, hashes, dotted versions.
  it.each([
    'How to set your API key: export OPENAI_API_KEY=sk-... then restart.',
    'Password: ******** (hidden)',
    'The secret "prod-db-password" was last rotated on 2026-01-02.',
    'commit 3f786850e387550fdab836ed7e6dc881de23001b',
    'eyJ is how a base64 JSON object starts; version 1.2.3.4',
    'postgresql://localhost:5432/app (no password)',
    'AKIAIOSFODNN7EXAMPLE is the documentation example',
    '-----BEGIN OPENSSH PRIVATE KEY-----\n...\n-----END OPENSSH PRIVATE KEY-----',
  ])('none in %j', (text) => {
    expect(secretMatches(text)).toEqual([]);
  });
});

describe('masking', () => {
  it('replaces each secret and keeps the rest', () => {
    const { text, matches } = maskSecretsInText(`key: ${PLANTED.github}; db ${PLANTED.postgres} end`);
    expect(matches).toHaveLength(2);
    expect(text).toBe(`key: ${SECRET_MASK}; db ${SECRET_MASK} end`);
  });

  it('walks JSON values, keys included', () => {
    const masked = maskSecrets({ [PLANTED.github]: [PLANTED.jwt, 3, null], ok: 'fine' });
    expect(JSON.stringify(masked)).not.toContain(PLANTED.github.slice(4, 16));
    expect(JSON.stringify(masked)).not.toContain(PLANTED.jwt.slice(10, 30));
    expect(masked).toMatchObject({ ok: 'fine' });
  });
});

describe('result-holds-secret', () => {
  const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

  it('names the kind and where, critical, and shows the result without the secret', () => {
    const inspection = inspectResult('tools/call', {
      ...text(`Here you go:\n${PLANTED.pem}`),
      structuredContent: { db: PLANTED.postgres },
    });
    const finding = inspection.findings.find((one) => one.id === 'result-holds-secret');
    expect(finding?.severity).toBe('critical');
    expect(finding?.message).toBe(
      'The result holds a private key (PEM) in content[0]; a database connection string with a password in structuredContent.db (not shown).',
    );
    const shown = JSON.stringify([inspection.result, inspection.blocks, inspection.structured]);
    for (const secret of [PLANTED.pem, PLANTED.postgres])
      for (let at = 0; at + 8 <= secret.length; at += 4) {
        const piece = secret.slice(at, at + 8);
        if (!/^[-A-Z ]+$|^\n|localhost|ostgresq|OPENSSH|production/.test(piece)) expect(shown).not.toContain(piece);
      }
    expect(shown).toContain(SECRET_MASK);
  });

  it('reads resources/read contents and never names a secret held in a key', () => {
    const inspection = inspectResult('resources/read', {
      contents: [{ uri: 'internal://credentials', text: `token=${PLANTED.slack}` }],
    });
    expect(inspection.findings.map((one) => one.id)).toContain('result-holds-secret');
    const keyed = inspectResult('tools/call', { content: [], structuredContent: { [PLANTED.github]: 'x' } });
    const message = keyed.findings.find((one) => one.id === 'result-holds-secret')?.message ?? '';
    expect(message).toContain('a GitHub token in a key of structuredContent.');
    expect(message).not.toContain(PLANTED.github.slice(0, 12));
  });

  it('is quiet on a result without one', () => {
    const inspection = inspectResult('tools/call', text('Set API_KEY in your environment, see the docs.'));
    expect(inspection.findings).toEqual([]);
    expect(inspection.result).toEqual(text('Set API_KEY in your environment, see the docs.'));
  });
});
