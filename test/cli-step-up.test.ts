// Step-up authorization driven end to end: the real CLI signs in at a real authorization server
// (oidc-provider) for the challenge's scope (mcp:read); the MCP server then refuses tools/list with
// 403 insufficient_scope naming mcp:read mcp:write; the CLI signs in again asking for both (a second
// URL, consented over HTTP like the first) and audits with the wider token. All on 127.0.0.1.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { reportSchema } from '../lib/core/report/report';
import * as signin from './fixtures/signin-server.mjs';
import { CLI, ROOT } from './helpers';

const open: signin.SignInFixture[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

/** Runs the CLI and consents to every sign-in URL it prints; returns the URLs with the output. */
function runLoginEvery(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; urls: URL[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    const urls: URL[] = [];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = [...stderr.matchAll(/Open this URL to sign in:\n(\S+)\n/g)].map((m) => m[1] ?? '');
      for (const raw of found.slice(urls.length)) {
        urls.push(new URL(raw));
        void (async () => {
          const back = await signin.consentWithHttp(raw);
          expect((await fetch(back)).status).toBe(200);
        })().catch((error: unknown) => {
          child.kill();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
    });
    child.on('close', (code) => {
      resolve({ code, stdout, stderr, urls });
    });
  });
}

describe('audit --url --login: step-up on 403 insufficient_scope', () => {
  it('signs in again for the union of granted and needed scopes, once, and reports what listing needed', async () => {
    const fixture = await signin.startSignInFixture({ stepUp: true });
    open.push(fixture);
    const result = await runLoginEvery([
      'audit',
      '--fail-on',
      'none',
      '--url',
      fixture.mcpUrl,
      '--login',
      '--no-open',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(result.urls.map((url) => url.searchParams.get('scope'))).toEqual(['mcp:read', 'mcp:read mcp:write']);
    expect(fixture.stepUpRefusals).toBe(1);
    expect(result.stderr).toContain(
      'tools/list was refused for insufficient scope (needs mcp:read mcp:write): signing in again asking for mcp:read mcp:write',
    );
    const report = reportSchema.parse(JSON.parse(result.stdout));
    expect(report.errors).toEqual([]);
    expect(report.tools.map((tool) => tool.name).sort()).toEqual([...signin.SIGNED_IN_TOOLS].sort());
    expect(report.signIn?.scopesRequested).toEqual(['mcp:read', 'mcp:write']);
    expect(report.signIn?.stepUps).toEqual([
      {
        method: 'tools/list',
        neededScopes: ['mcp:read', 'mcp:write'],
        requestedScopes: ['mcp:read', 'mcp:write'],
        stopped: null,
      },
    ]);
    for (const token of fixture.tokensIssued) expect(result.stdout + result.stderr).not.toContain(token.slice(0, 16));
  });

  it('text output names the step-up', async () => {
    const fixture = await signin.startSignInFixture({ stepUp: true });
    open.push(fixture);
    const result = await runLoginEvery(['audit', '--fail-on', 'none', '--url', fixture.mcpUrl, '--login', '--no-open']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'step-up: tools/list needed mcp:read mcp:write; signed in again asking for mcp:read mcp:write',
    );
  });
});
