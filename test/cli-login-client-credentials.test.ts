// `--login client-credentials` end to end: the real CLI (a child process) signs in as a machine client
// at a real authorization server (oidc-provider, the client credentials grant enabled) with no browser
// and no login page, then audits the MCP server, which validates the JWT. All on 127.0.0.1. The client
// secret (a 38-character canary) and every token must appear in no output (text, JSON, SARIF), no file
// (the history database read back byte by byte, with its journal) and no log (stderr).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportSchema } from '../lib/core/report/report';
import * as signin from './fixtures/signin-server.mjs';
import { CLI, ROOT } from './helpers';

const open: signin.SignInFixture[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

const SECRET = signin.MACHINE_CLIENT_SECRET;

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/** The secret in any form a leak would take: whole, its halves, URL- and base64-encoded (Basic auth). */
function expectNoSecret(...texts: string[]): void {
  const forms = [
    SECRET,
    SECRET.slice(0, 16),
    SECRET.slice(-16),
    encodeURIComponent(SECRET),
    Buffer.from(`${signin.MACHINE_CLIENT_ID}:${SECRET}`).toString('base64'),
  ];
  for (const text of texts) for (const form of forms) expect(text).not.toContain(form);
}

function expectNoToken(fixture: signin.SignInFixture, ...texts: string[]): void {
  expect(fixture.tokensIssued.length).toBeGreaterThan(0);
  for (const token of fixture.tokensIssued)
    for (const text of texts) {
      expect(text).not.toContain(token.slice(0, 16));
      const signature = token.split('.')[2];
      if (signature !== undefined) expect(text).not.toContain(signature.slice(0, 16));
    }
}

/** Every file under `dir`, as text (a SQLite page holds plain text; latin1 keeps every byte). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'));

describe('mcp-hintcheck --login client-credentials', () => {
  it('signs in without a browser, audits the signed-in tools, and the secret is nowhere (text, JSON, SARIF, history, stderr)', async () => {
    const fixture = await signin.startSignInFixture({ clientCredentials: true });
    open.push(fixture);
    const home = mkdtempSync(join(tmpdir(), 'hintcheck-cc-home-'));
    const db = join(home, 'history.db');
    const env = {
      MACHINE_SECRET: SECRET,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local'),
    };
    const base = [
      'audit',
      '--fail-on',
      'none',
      '--url',
      fixture.mcpUrl,
      '--login',
      'client-credentials',
      '--client-id',
      signin.MACHINE_CLIENT_ID,
      '--db',
      db,
    ];
    const fromEnv = [...base, '--client-secret-env', 'MACHINE_SECRET'];
    const text = await run(fromEnv, env);
    const json = await run([...fromEnv, '--json'], env);
    // Outside HOME: every file under HOME is searched for the secret below.
    const secretFile = join(mkdtempSync(join(tmpdir(), 'hintcheck-cc-secret-')), 'machine-secret');
    writeFileSync(secretFile, `${SECRET}\n`, { mode: 0o600 });
    const sarif = await run([...base, '--client-secret-file', secretFile, '--format', 'sarif'], env);
    for (const result of [text, json, sarif]) {
      expect(result.stderr).toContain('(client credentials)');
      expect(result.stderr).not.toContain('Open this URL');
      expect(result.code).toBe(0);
    }
    // No browser: the authorization endpoint was never visited; every AS request was metadata, JWKS or the token.
    const asPaths = fixture.requests.filter((r) => r.server === 'as').map((r) => r.path.split('?')[0] ?? '');
    expect(asPaths.filter((path) => path.startsWith('/auth') || path.startsWith('/interaction'))).toEqual([]);
    expect(asPaths.filter((path) => path === '/token')).toHaveLength(3);

    const report = reportSchema.parse(JSON.parse(json.stdout));
    expect(report.tools.map((tool) => tool.name).sort()).toEqual([...signin.SIGNED_IN_TOOLS].sort());
    expect(report.signIn).toMatchObject({
      authenticated: true,
      issuer: fixture.issuer,
      clientIdentity: 'typed',
      grant: 'client_credentials',
      scopesRequested: ['mcp:read'],
    });
    // The OAuth check says the authorization server offers the grant.
    expect(report.oauth?.findings.find((finding) => finding.id === 'as-client-credentials')?.message).toContain(
      fixture.issuer,
    );
    expect(text.stdout).toContain('(client credentials)');
    expect(JSON.parse(sarif.stdout)).toHaveProperty('runs');

    // The history database holds the three audits (read back through the CLI) and, byte by byte, no secret.
    const listed = await run(['history', 'list', '--db', db, '--json'], env);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(3);
    const files = filesUnder(home);
    // The byte search means something: the database holds the reports' text in the clear.
    expect(files.some((file) => file.includes('delete_project') && file.includes(fixture.issuer))).toBe(true);
    const outputs = [text, json, sarif, listed].flatMap((r) => [r.stdout, r.stderr]);
    expectNoSecret(...outputs, ...files);
    expectNoToken(fixture, ...outputs, ...files);
  });

  it('an authorization server without the grant: a clear sign-in failure, and the OAuth check does not claim it', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const result = await run(
      [
        'audit',
        '--url',
        fixture.mcpUrl,
        '--login',
        'client-credentials',
        '--client-id',
        'x',
        '--client-secret-env',
        'S',
        '--no-history',
      ],
      { S: SECRET },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('does not list client_credentials in grant_types_supported');
    expectNoSecret(result.stdout, result.stderr);
    const check = await run(['oauth', fixture.mcpUrl, '--json']);
    expect(check.stdout).not.toContain('as-client-credentials');
  });

  it('a wrong secret: refused by the authorization server, and the wrong secret is not echoed', async () => {
    const fixture = await signin.startSignInFixture({ clientCredentials: true });
    open.push(fixture);
    const wrong = 'wrong-secret-canary-0a1b2c3d4e5f6a7b8c9d';
    const result = await run(
      [
        'audit',
        '--url',
        fixture.mcpUrl,
        '--login',
        'client-credentials',
        '--client-id',
        signin.MACHINE_CLIENT_ID,
        '--client-secret-env',
        'S',
        '--no-history',
      ],
      { S: wrong },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('client credentials token request');
    for (const text of [result.stdout, result.stderr]) expect(text).not.toContain(wrong.slice(0, 16));
  });

  it.each([
    [
      ['--login', 'client-credentials', '--client-id', 'a', '--client-secret-file', '/nonexistent/secret'],
      'cannot be read (ENOENT)',
    ],
    [
      ['--login', 'client-credentials', '--client-id', 'a', '--client-secret-env', 'UNSET_HINTCHECK_VAR'],
      'that variable is not set',
    ],
  ])('a secret that cannot be read: %j fails before any request, naming the source', async (args, message) => {
    const result = await run(['audit', '--url', 'http://127.0.0.1:9/mcp', ...args, '--no-history']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
  });

  it.each([
    [['--login', 'client-credentials'], '--login client-credentials signs in as a client registered in advance'],
    [['--login', 'client-credentials', '--client-id', 'a'], 'give --client-id ID and its secret'],
    [['--login=password'], '--login takes authorization-code or client-credentials'],
    [
      ['--login', 'client-credentials', '--client-id', 'a', '--client-secret-env', 'A', '--client-secret-file', 'f'],
      'Give the secret once',
    ],
    [['--client-secret-file', 'f'], '--client-secret-file applies to --login'],
    [['--login', 'client-credentials', '--client-secret', SECRET], '--client-secret is not accepted'],
  ])('rejects %j with a usage error', async (args, message) => {
    const result = await run(['audit', '--url', 'http://127.0.0.1:9/mcp', ...args, '--no-history']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expectNoSecret(result.stdout, result.stderr);
  });
});
