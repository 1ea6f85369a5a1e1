// Issue 20: a hostile authorization server's escapes never reach the terminal. The real CLI (a child
// process) signs in at test/fixtures/hostile-as-server.mjs (127.0.0.1), whose scope, error_description,
// token error text, resource_name and 401 body carry an OSC 0 title change, an OSC 8 link, cursor-up
// and erase-line, clear-screen with a fake "Signed in OK", a C1 CSI and a bare CR. No ESC, BEL, C1 or
// CR byte may reach stdout or stderr, in text or JSON, for `audit --url … --login` and `oauth … --login`.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostileAs } from './fixtures/hostile-as-server.mjs';
import { CLI, ROOT } from './helpers';

const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((fixture) => fixture.close()));
});

/** Runs the CLI, follows the printed sign-in URL (the AS redirects at once) back to the CLI's listener. */
function runLogin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      // FORCE_COLOR as a terminal user might have it: the CLI's own colours are not asked for here.
      env: { ...process.env, NO_COLOR: '1', HINTCHECK_DB: 'off' },
    });
    let stdout = '';
    let stderr = '';
    let driving = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('latin1')));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('latin1');
      const match = /Open this URL to sign in:\n(\S+)\n/.exec(stderr);
      if (match?.[1] === undefined || driving) return;
      driving = true;
      void (async () => {
        const answer = await fetch(match[1] ?? '', { redirect: 'manual' });
        const back = answer.headers.get('location');
        if (back === null) throw new Error(`the fixture did not redirect (${answer.status})`);
        await (await fetch(back)).text();
      })().catch((error: unknown) => {
        child.kill();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/** ESC, BEL, CR (alone), NUL, DEL and C1 (as UTF-8 bytes C2 80-9F, read as latin1). */
function terminalBytes(text: string): string[] {
  const found: string[] = [];

  for (const match of text.matchAll(/[\u0000-\u0008\u000b-\u001f\u007f]|\u00c2[\u0080-\u009f]/g))
    found.push(JSON.stringify(match[0]));
  return found;
}

const MODES = ['scope', 'error-description', 'token-error', 'token-text'] as const;

describe('a hostile authorization server', () => {
  for (const mode of MODES) {
    for (const command of ['audit', 'oauth'] as const) {
      for (const format of ['text', 'json'] as const) {
        it(`${mode}: ${command} --login --format ${format} writes no escape to stdout or stderr`, async () => {
          const fixture = await startHostileAs(mode);
          open.push(fixture);
          const args =
            command === 'audit'
              ? ['audit', '--url', fixture.url, '--login', '--no-open', '--format', format, '--timeout', '20000']
              : ['oauth', fixture.url, '--login', '--no-open', '--format', format];
          const result = await runLogin(args);
          expect(result.stderr).toContain('Open this URL to sign in');
          expect(terminalBytes(result.stdout)).toEqual([]);
          expect(terminalBytes(result.stderr)).toEqual([]);
          // The hostile text is shown, as inert text.
          expect(result.stdout + result.stderr).toMatch(/\\u\{1b\}|\\u001b|\[U\+001B\]/);
          if (mode === 'scope' && command === 'oauth') expect(result.code).toBe(0);
          if (mode !== 'scope') expect(result.code).toBe(3);
        });
      }
    }
  }
});
