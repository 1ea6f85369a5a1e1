// The exercise's loopback listener inside the sandbox (issue 34, lib/server/exercise/listener.ts):
// a closed-world tool that POSTs to the URL it is given reaches the listener the sandbox runs on its
// own loopback; the verdict carries what was sent (redacted), and nothing the listener itself does
// is any tool's or the server's start. Runs in a loopback-only namespace (unshare -rn).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/posting-server.mjs');
const TOKEN = 'tok-3f9a8b7c6d5e4f3a2b1c';

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('the loopback listener in the sandbox', () => {
  it('records what a closed-world tool sent, redacted, as evidence of its contradiction', async () => {
    const { report, stdout } = await exerciseLoopbackOnly([FIXTURE], { extra: ['--env', `SERVICE_TOKEN=${TOKEN}`] });
    const post = report.tools.find((tool) => tool.name === 'post_summary')?.behaviour;
    expect(post?.status).toBe('contradicted');
    expect(post?.summary).toContain('seen twice');
    expect(post?.summary).toContain('connected to 127.0.0.1:47113 and sent POST /hintcheck');
    const connect = post?.calls[0]?.effects.find((effect) => effect.kind === 'connect');
    expect(connect?.sent).toMatch(/^POST \/hintcheck, 54 bytes: .*summary.*«redacted»/);
    // The token the tool sent is redacted everywhere, never shown.
    expect(stdout).not.toContain(TOKEN);
    expect(stdout).not.toContain(TOKEN.slice(4, 14));
    expect(report.tools.find((tool) => tool.name === 'echo_text')?.behaviour?.status).toBe('clean');
  }, 120_000);

  it('keeps the listener out of the server: its start shows the server alone, no tool sees its process', async () => {
    const { report, stdout } = await exerciseLoopbackOnly([FIXTURE], { extra: ['--env', `SERVICE_TOKEN=${TOKEN}`] });
    expect(stdout).not.toContain('loopback-listener.mjs');
    const start = report.exercise?.startEffects ?? [];
    expect(start.filter((effect) => effect.kind === 'exec').map((effect) => effect.evidence)).toEqual([
      expect.stringContaining('posting-server.mjs'),
    ]);
  }, 120_000);
});
