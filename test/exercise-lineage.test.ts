// Process lineage end to end (issue 34, lib/core/exercise/lineage.ts): the fixture's start-up helper
// and the watcher its first tool starts both write while a later read-only tool is open. Neither
// write is that tool's: the helper's is set aside as the start-up's, the watcher's is shown on the
// tool that started it, after the call. Runs in a loopback-only namespace (unshare -rn).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/lineage-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('process lineage', () => {
  it('gives a child process`s write to what started it, never to the call that was open', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE]);
    const behaviour = (name: string) => report.tools.find((tool) => tool.name === name)?.behaviour;
    const effects = (name: string) => behaviour(name)?.calls.flatMap((call) => call.effects) ?? [];
    const status = behaviour('read_status');
    expect(status?.status, status?.summary).toBe('clean');
    expect(effects('read_status').map((e) => [e.kind, e.target, e.aside, e.madeBy])).toEqual([
      [
        'create',
        './startup-helper.txt',
        'process',
        { program: '/bin/sh -c read go; echo up > startup-helper.txt', startedIn: 'start' },
      ],
    ]);
    const watch = effects('start_watch').find((e) => e.target === './watch.txt');
    expect(watch).toMatchObject({
      kind: 'create',
      phase: 'after',
      aside: 'process',
      madeBy: { startedIn: 'this-call' },
    });
    expect(watch?.madeBy?.program).toBe('/bin/sh -c read go; echo seen > watch.txt');
    expect(behaviour('start_watch')?.status).toBe('clean');
  }, 120_000);
});
