// The call probe of `audit --url --login`, end to end: the real CLI signs in at a real authorization
// server (oidc-provider) and, after the lists, sends one tools/call for a made-up tool name. Where only
// tools/call needs the wider scope (listing is allowed), the probe meets the 403 insufficient_scope
// and the CLI signs in again for the union; a server that answers the unknown tool with success gets
// the unknown-tool-accepted finding; --no-call-probe sends none. All on 127.0.0.1.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CALL_PROBE_PREFIX } from '../lib/core/oauth/call-probe';
import { reportSchema } from '../lib/core/report/report';
import * as signin from './fixtures/signin-server.mjs';
import { CLI, ROOT } from './helpers';

const open: signin.SignInFixture[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

/** Runs the CLI and consents to every sign-in URL it prints. */
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

describe('audit --url --login: the call probe', () => {
  it('meets a tools/call that needs a wider scope, signs in again for it, and reports what calls need', async () => {
    const fixture = await signin.startSignInFixture({ stepUp: true, stepUpMethod: 'tools/call' });
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
      'tools/call was refused for insufficient scope (needs mcp:read mcp:write): signing in again asking for mcp:read mcp:write',
    );
    const report = reportSchema.parse(JSON.parse(result.stdout));
    expect(report.errors).toEqual([]);
    expect(report.signIn?.stepUps).toEqual([
      {
        method: 'tools/call',
        neededScopes: ['mcp:read', 'mcp:write'],
        requestedScopes: ['mcp:read', 'mcp:write'],
        stopped: null,
      },
    ]);
    // One probe per audit (before and after the step-up), never a listed name.
    expect(fixture.toolCalls).toHaveLength(2);
    for (const name of fixture.toolCalls) {
      expect(name).toMatch(new RegExp(`^${CALL_PROBE_PREFIX}[0-9a-f]{16}$`));
      expect(signin.SIGNED_IN_TOOLS).not.toContain(name);
    }
    const probe = report.signIn?.callProbe;
    expect(probe?.tool).toBe(fixture.toolCalls[1]);
    expect(probe?.outcome).toMatch(/^(unknown-tool-error|is-error-result)$/);
    expect(report.oauth?.findings.map((f) => f.id)).not.toContain('unknown-tool-accepted');
  });

  it('flags a server that answers an unknown tool with success', async () => {
    const fixture = await signin.startSignInFixture({ acceptAnyCall: true });
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
    const report = reportSchema.parse(JSON.parse(result.stdout));
    expect(report.signIn?.callProbe).toMatchObject({ method: 'tools/call', outcome: 'accepted', httpStatus: 200 });
    const finding = report.oauth?.findings.find((f) => f.id === 'unknown-tool-accepted');
    expect(finding?.severity).toBe('medium');
    expect(finding?.message).toContain(fixture.toolCalls[0]);
  });

  it('text output names the probe; --no-call-probe sends none', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const probed = await runLoginEvery(['audit', '--fail-on', 'none', '--url', fixture.mcpUrl, '--login', '--no-open']);
    expect(probed.code).toBe(0);
    expect(probed.stdout).toMatch(
      /call probe: tools\/call hintcheck-probe-[0-9a-f]{16}: (unknown-tool-error|is-error-result)/,
    );
    expect(fixture.toolCalls).toHaveLength(1);
    const quiet = await runLoginEvery([
      'audit',
      '--fail-on',
      'none',
      '--url',
      fixture.mcpUrl,
      '--login',
      '--no-open',
      '--no-call-probe',
      '--json',
    ]);
    expect(quiet.code).toBe(0);
    expect(fixture.toolCalls).toHaveLength(1);
    expect(reportSchema.parse(JSON.parse(quiet.stdout)).signIn?.callProbe).toBeNull();
  });
});
