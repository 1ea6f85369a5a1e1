// `--login` driven end to end: the real CLI (a child process) signs in at a real authorization server
// (oidc-provider) by printing the URL; a plain HTTP client follows it, consents on the AS's pages and
// brings the redirect back to the CLI's loopback listener; the CLI then audits the MCP server, which
// validates the JWT. All on 127.0.0.1. No token may appear in any output.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
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

interface LoginRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What the forged redirect (wrong state) got, before the real one. */
  forgedStatus: number;
  /** The redirect back to the CLI, as the AS issued it. */
  redirect: string;
}

/** Runs the CLI, reads the printed URL from stderr, consents over HTTP, and brings the redirect back. */
function runLogin(args: string[], env: Record<string, string> = {}): Promise<LoginRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    let forgedStatus = 0;
    let redirect = '';
    let driving = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /Open this URL to sign in:\n(\S+)\n/.exec(stderr);
      if (match?.[1] === undefined || driving) return;
      driving = true;
      const authorizationUrl = match[1];
      void (async () => {
        redirect = await signin.consentWithHttp(authorizationUrl);
        const back = new URL(redirect);
        // A forged redirect first: right listener, wrong state. It must change nothing.
        const forged = new URL(back);
        forged.searchParams.set('state', 'forged-state');
        forged.searchParams.set('code', 'forged-code');
        forgedStatus = (await fetch(forged)).status;
        const answer = await fetch(back);
        expect(answer.status).toBe(200);
        const page = await answer.text();
        expect(page).not.toContain('<script');
      })().catch((error: unknown) => {
        child.kill();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    child.on('close', (code) => {
      resolve({ code, stdout, stderr, forgedStatus, redirect });
    });
  });
}

function expectNoToken(fixture: signin.SignInFixture, ...texts: string[]): void {
  expect(fixture.tokensIssued.length).toBeGreaterThan(0);
  for (const token of fixture.tokensIssued) {
    for (const text of texts) {
      expect(text).not.toContain(token);
      // Not even a fragment: the JWT's signature part, and its first 16 characters.
      expect(text).not.toContain(token.slice(0, 16));
      const signature = token.split('.')[2];
      if (signature !== undefined) expect(text).not.toContain(signature.slice(0, 16));
    }
  }
}

describe('mcp-hintcheck --login', () => {
  it('audit --url --login: signs in, audits the tools only a token shows, prints no token', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const dir = mkdtempSync(join(tmpdir(), 'hintcheck-login-'));
    const output = join(dir, 'report.json');
    // Nothing on disk: a fresh HOME (and XDG directories) stays empty.
    const home = mkdtempSync(join(tmpdir(), 'hintcheck-home-'));
    const result = await runLogin(
      ['audit', '--fail-on', 'none', '--url', fixture.mcpUrl, '--login', '--no-open', '--json', '-o', output],
      {
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_CACHE_HOME: join(home, '.cache'),
        XDG_DATA_HOME: join(home, '.local'),
      },
    );
    expect(readdirSync(home, { recursive: true })).toEqual([]);
    expect(readdirSync(dir)).toEqual(['report.json']);
    expect(result.stderr).toContain('Open this URL to sign in:');
    expect(result.code).toBe(0);
    expect(result.forgedStatus).toBe(400);
    const written = readFileSync(output, 'utf8');
    const report = reportSchema.parse(JSON.parse(written));
    expect(report.tools.map((tool) => tool.name).sort()).toEqual([...signin.SIGNED_IN_TOOLS].sort());
    expect(report.signIn).toMatchObject({
      authenticated: true,
      issuer: fixture.issuer,
      clientIdentity: 'dynamic',
      scopesRequested: ['mcp:read'],
      anonymousToolCount: null,
    });
    expect(report.signIn?.scopesGranted).toContain('mcp:read');
    expect(report.target).toMatchObject({ headerNames: ['Authorization'] });
    // The authorization request carried PKCE S256 and the resource (RFC 8707).
    const authorize = new URL(result.stderr.split('\n')[1] ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('resource')).toBe(fixture.mcpUrl);
    expect(authorize.searchParams.get('scope')).toBe('mcp:read');
    expect(new URL(result.redirect).searchParams.get('iss')).toBe(fixture.issuer);
    expectNoToken(
      fixture,
      result.stdout,
      result.stderr,
      written,
      ...readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')),
    );
  });

  it('anonymous and signed in: both counts when the server also lists tools without a token', async () => {
    const fixture = await signin.startSignInFixture({ anonymousTools: true });
    open.push(fixture);
    const result = await runLogin(['audit', '--fail-on', 'none', '--url', fixture.mcpUrl, '--login', '--no-open']);
    expect(result.code).toBe(0);
    // The sign-in line may wrap (text within 100 columns): read it with its continuation joined.
    expect(result.stdout.replace(/\n {2,}/g, ' ')).toContain(
      `tools: ${signin.SIGNED_IN_TOOLS.length} signed in, ${signin.ANONYMOUS_TOOLS.length} without a token`,
    );
    expect(result.stdout).toContain(`signed in at ${fixture.issuer}`);
    expectNoToken(fixture, result.stdout, result.stderr);
  });

  it('--client-id with --client-secret-env: a client registered in advance; the secret is never printed', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const result = await runLogin(
      [
        'audit',
        '--fail-on',
        'none',
        '--url',
        fixture.mcpUrl,
        '--login',
        '--no-open',
        '--json',
        '--client-id',
        signin.TYPED_CLIENT_ID,
        '--client-secret-env',
        'FIXTURE_CLIENT_SECRET',
      ],
      { FIXTURE_CLIENT_SECRET: signin.TYPED_CLIENT_SECRET },
    );
    expect(result.code).toBe(0);
    const report = reportSchema.parse(JSON.parse(result.stdout));
    expect(report.signIn?.clientIdentity).toBe('typed');
    expect(report.tools.map((tool) => tool.name).sort()).toEqual([...signin.SIGNED_IN_TOOLS].sort());
    expect(fixture.requests.some((r) => r.path.startsWith('/reg'))).toBe(false);
    for (const text of [result.stdout, result.stderr])
      expect(text).not.toContain(signin.TYPED_CLIENT_SECRET.slice(0, 12));
    expectNoToken(fixture, result.stdout, result.stderr);
  });

  it('oauth URL --login: the check, then what was granted', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const result = await runLogin(['oauth', fixture.mcpUrl, '--login', '--no-open', '--json']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { signIn: { issuer: string; scopesGranted: string[] } };
    expect(printed.signIn.issuer).toBe(fixture.issuer);
    expect(printed.signIn.scopesGranted).toContain('mcp:read');
    expectNoToken(fixture, result.stdout, result.stderr);
  });

  it.each([
    [
      ['audit', '--url', 'http://127.0.0.1:9/mcp', '--login', '--client-secret', 'hunter22'],
      '--client-secret is not accepted',
    ],
    [
      ['audit', '--url', 'http://127.0.0.1:9/mcp', '--login', '--client-secret-env', 'X=1', '--client-id', 'a'],
      'NAME of an environment variable',
    ],
    [['audit', '--url', 'http://127.0.0.1:9/mcp', '--scope', 'mcp:read'], '--scope applies to --login'],
    [['audit', '--demo', '--login'], '--login applies to --url'],
    [
      ['audit', '--url', 'http://127.0.0.1:9/mcp', '--login', '--client-metadata-url', 'http://x.test/c'],
      'must be an https URL',
    ],
  ])('rejects %j with exit 2', async (args, message) => {
    const result = await runLogin(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('hunter22');
  });
});
