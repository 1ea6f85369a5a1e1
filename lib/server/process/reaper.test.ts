// The session sweep's guards, on the real /proc: only a session the server leads is swept, never
// this process's own; a server's session members are found after they left its group.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitGone } from '../../../test/helpers';
import { processTree, systemHost } from './process-tree';
import { ServerReaper } from './reaper';

const tree = processTree(systemHost);
const idle = ['-e', 'setInterval(() => {}, 1000)'];

describe.skipIf(process.platform !== 'linux')('ServerReaper', () => {
  it('reads sessions from /proc: this process is in its session, a detached child leads its own', async () => {
    // Inside a PID namespace whose session leader lives outside it (CI's containers), /proc reads
    // session 0: sessionOf says null, and nothing may be swept by that number.
    const own = tree.sessionOf(process.pid);
    if (own !== null) expect(tree.sessionMembers(own)).toContain(process.pid);
    else expect(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[3])).toBe(0);
    const child = spawn(process.execPath, idle, { detached: true, stdio: 'ignore' });
    const pid = child.pid ?? -1;
    expect(tree.sessionOf(pid)).toBe(pid);
    expect(tree.sessionMembers(pid)).toEqual([pid]);
    const reaper = new ServerReaper(pid);
    expect(reaper.session).toBe(pid);
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        resolve();
      }),
    );
    expect(await reaper.stop(exited, () => false)).toEqual({ confirmed: true, survivors: [] });
    expect(await waitGone([pid], 500)).toEqual([]);
  });

  it('never sweeps a session it does not lead (a child left in this process session)', async () => {
    const child = spawn(process.execPath, idle, { stdio: 'ignore' });
    const pid = child.pid ?? -1;
    const reaper = new ServerReaper(pid);
    expect(reaper.session).toBeNull();
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        resolve();
      }),
    );
    expect((await reaper.stop(exited, () => false)).confirmed).toBe(true);
    // This process, in the session the child shared, is untouched.
    expect(tree.isAlive(process.pid)).toBe(true);
  });
});
