// The session sweep's guards, on the real /proc: only a session the server leads is swept, never
// this process's own; a server's session members are found after they left its group.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitGone } from '../../../test/helpers';
import { processTree, systemHost, type TreeHost } from './process-tree';
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

/** One process of a simulated machine. */
interface Simulated {
  ppid: number;
  pgid: number;
  sid: number;
  /** Stays alive on SIGTERM. */
  ignoresTerm?: boolean;
}

/**
 * A Linux machine in memory, for the order of the reaper's signals and how often it reads /proc:
 * signals end processes as the kernel would (a group signal reaches every member), and the
 * leader's end resolves `exited` as a child's exit would.
 */
function simulatedMachine(processes: Record<number, Simulated>, leader: number) {
  const table = new Map(Object.entries(processes).map(([pid, row]) => [Number(pid), row]));
  const kills: [number, NodeJS.Signals | 0][] = [];
  let scans = 0;
  let leaderExited: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => {
    leaderExited = resolve;
  });
  const end = (pid: number, signal: NodeJS.Signals | 0): void => {
    const row = table.get(pid);
    if (row === undefined) throw Object.assign(new Error('ESRCH'), { code: 'ESRCH' });
    if (signal === 'SIGKILL' || (signal === 'SIGTERM' && row.ignoresTerm !== true)) {
      table.delete(pid);
      if (pid === leader) leaderExited();
    }
  };
  const host: TreeHost = {
    platform: 'linux',
    readDir(path) {
      if (path === '/proc') scans += 1;
      if (path === '/proc' || path === '/proc/self') return [...table.keys()].map(String);
      const task = /^\/proc\/(\d+)\/task$/.exec(path);
      if (task !== null && table.has(Number(task[1]))) return [task[1] ?? ''];
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    },
    readFile(path) {
      const stat = /^\/proc\/(\d+)\/stat$/.exec(path);
      const row = stat === null ? undefined : table.get(Number(stat[1]));
      if (row !== undefined) {
        const rest = Array.from({ length: 16 }, (_, index) => (index === 15 ? '42' : '0'));
        return `${stat?.[1] ?? ''} (node) S ${row.ppid} ${row.pgid} ${row.sid} ${rest.join(' ')} 0 0`;
      }
      const children = /^\/proc\/(\d+)\/task\/\d+\/children$/.exec(path);
      if (children !== null && table.has(Number(children[1])))
        return [...table]
          .filter(([, row]) => row.ppid === Number(children[1]))
          .map(([pid]) => `${pid} `)
          .join('');
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    },
    run: () => ({ status: null, stdout: '' }),
    kill(pid, signal) {
      kills.push([pid, signal]);
      if (signal === 0 || pid > 0) {
        end(pid, signal);
        return;
      }
      const members = [...table].filter(([, row]) => row.pgid === -pid).map(([member]) => member);
      if (members.length === 0) throw Object.assign(new Error('ESRCH'), { code: 'ESRCH' });
      for (const member of members) end(member, signal);
    },
  };
  return { host, kills, exited, alive: (pid: number) => table.has(pid), scans: () => scans };
}

describe('ServerReaper.stop, on a simulated machine', () => {
  const SERVER = 4000;
  /** This process and 60 others of its session: what a scan of /proc reads besides the server. */
  const others = (): Record<number, Simulated> => {
    const rows: Record<number, Simulated> = { [process.pid]: { ppid: 1, pgid: process.pid, sid: 1 } };
    for (let pid = 100; pid < 160; pid += 1) rows[pid] = { ppid: 1, pgid: pid, sid: 1 };
    return rows;
  };

  it('reads every process once when the server ends on SIGTERM and leaves nothing', async () => {
    const machine = simulatedMachine(
      { ...others(), [SERVER]: { ppid: process.pid, pgid: SERVER, sid: SERVER } },
      SERVER,
    );
    const reaper = new ServerReaper(SERVER, machine.host);
    expect(reaper.session).toBe(SERVER);
    const result = await reaper.stop(machine.exited, () => !machine.alive(SERVER));
    expect(result).toEqual({ confirmed: true, survivors: [] });
    expect(machine.scans()).toBe(1);
    expect(machine.kills.filter(([, signal]) => signal === 'SIGKILL')).toEqual([]);
  });

  it('sends an escapee of the session SIGTERM after the server ends, then SIGKILL when it stays', async () => {
    const machine = simulatedMachine(
      {
        ...others(),
        [SERVER]: { ppid: process.pid, pgid: SERVER, sid: SERVER },
        // Reparented to init, in a group of its own, still in the server's session.
        5000: { ppid: 1, pgid: 5000, sid: SERVER, ignoresTerm: true },
      },
      SERVER,
    );
    const result = await new ServerReaper(SERVER, machine.host).stop(machine.exited, () => !machine.alive(SERVER));
    expect(result).toEqual({ confirmed: true, survivors: [] });
    const toEscapee = machine.kills.filter(([pid]) => pid === 5000).map(([, signal]) => signal);
    expect(toEscapee.indexOf('SIGTERM')).toBeLessThan(toEscapee.indexOf('SIGKILL'));
    expect(machine.alive(5000)).toBe(false);
  });

  it('leaves an escapee that ends on SIGTERM to end by itself', async () => {
    const machine = simulatedMachine(
      {
        ...others(),
        [SERVER]: { ppid: process.pid, pgid: SERVER, sid: SERVER },
        5000: { ppid: 1, pgid: 5000, sid: SERVER },
      },
      SERVER,
    );
    const result = await new ServerReaper(SERVER, machine.host).stop(machine.exited, () => !machine.alive(SERVER));
    expect(result.confirmed).toBe(true);
    expect(machine.kills.filter(([pid, signal]) => pid === 5000 && signal !== 0)).toEqual([[5000, 'SIGTERM']]);
  });

  it('kills a server that ignores SIGTERM, with its group, after the grace', async () => {
    const machine = simulatedMachine(
      {
        ...others(),
        [SERVER]: { ppid: process.pid, pgid: SERVER, sid: SERVER, ignoresTerm: true },
        4001: { ppid: SERVER, pgid: SERVER, sid: SERVER, ignoresTerm: true },
      },
      SERVER,
    );
    const result = await new ServerReaper(SERVER, machine.host).stop(machine.exited, () => !machine.alive(SERVER));
    expect(result).toEqual({ confirmed: true, survivors: [] });
    expect(machine.kills).toContainEqual([-SERVER, 'SIGKILL']);
    expect(machine.alive(SERVER) || machine.alive(4001)).toBe(false);
  });

  it('still sends the group SIGKILL when there is no session of its own to scan', async () => {
    // The server shares this process's session: the session is never swept, so only the group
    // signal reaches a member that is no descendant any more.
    const machine = simulatedMachine(
      {
        ...others(),
        [SERVER]: { ppid: process.pid, pgid: SERVER, sid: 1 },
        4002: { ppid: 1, pgid: SERVER, sid: 1, ignoresTerm: true },
      },
      SERVER,
    );
    const reaper = new ServerReaper(SERVER, machine.host);
    expect(reaper.session).toBeNull();
    await reaper.stop(machine.exited, () => !machine.alive(SERVER));
    expect(machine.kills).toContainEqual([-SERVER, 'SIGKILL']);
    expect(machine.alive(4002)).toBe(false);
  });
});
