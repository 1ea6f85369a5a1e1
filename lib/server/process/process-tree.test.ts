// Each platform's path through an injected host (Linux /proc, macOS/BSD `ps`, Windows taskkill), and
// the Linux path against the real /proc.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitGone } from '../../../test/helpers';
import {
  descendantPids,
  descendantsIn,
  parsePsTable,
  processTable,
  processTree,
  systemHost,
  type ProcessEntry,
  type TreeHost,
} from './process-tree';

/** A process table: pid -> [ppid, state, start time]. */
type Table = Record<number, [number, string, string]>;

/** The machine as tests describe it; records every program run and every signal sent. */
function fakeHost(platform: NodeJS.Platform, table: Table, options: { proc?: 'children' | 'stat-only' } = {}) {
  const runs: string[][] = [];
  const kills: [number, NodeJS.Signals | 0][] = [];
  const missing = (): never => {
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };
  const host: TreeHost = {
    platform,
    readDir(path) {
      if (options.proc === undefined) return missing();
      if (path === '/proc' || path === '/proc/self') return Object.keys(table);
      const task = /^\/proc\/(\d+)\/task$/.exec(path);
      if (task !== null && table[Number(task[1])] !== undefined) return [task[1] ?? ''];
      return missing();
    },
    readFile(path) {
      if (options.proc === undefined) return missing();
      const stat = /^\/proc\/(\d+)\/stat$/.exec(path);
      const row = stat === null ? undefined : table[Number(stat[1])];
      if (row !== undefined) {
        // Field 2 holds spaces and a ')' on purpose; field 22 (index 19 after comm) is the start time.
        const fields = [row[1], String(row[0]), ...Array.from({ length: 17 }, () => '0'), row[2]];
        return `${stat?.[1] ?? ''} (a (b) c) ${fields.join(' ')} 0 0`;
      }
      const children = /^\/proc\/(\d+)\/task\/\d+\/children$/.exec(path);
      if (children !== null && options.proc === 'children' && table[Number(children[1])] !== undefined) {
        const parent = Number(children[1]);
        return Object.entries(table)
          .filter(([, [ppid]]) => ppid === parent)
          .map(([pid]) => `${pid} `)
          .join('');
      }
      return missing();
    },
    run(command, args) {
      runs.push([command, ...args]);
      if (command === 'ps' && args.join(' ') === '-A -o pid=,ppid=') {
        const lines = Object.entries(table).map(([pid, [ppid]]) => `${pid.padStart(5)} ${String(ppid).padStart(5)}`);
        return { status: 0, stdout: `${lines.join('\n')}\n` };
      }
      if (command === 'ps' && args[0] === '-o' && args[1] === 'lstart=') {
        const row = table[Number(args[3])];
        return row === undefined ? { status: 1, stdout: '' } : { status: 0, stdout: `${row[2]}\n` };
      }
      if (command === 'taskkill') return { status: 0, stdout: 'SUCCESS' };
      return { status: null, stdout: '' };
    },
    kill(pid, signal) {
      kills.push([pid, signal]);
      if (table[Math.abs(pid)] === undefined) throw Object.assign(new Error('ESRCH'), { code: 'ESRCH' });
    },
  };
  return { host, runs, kills };
}

// 10 is the server; 11 and 12 its children; 13 a grandchild under 11 (perhaps setsid); 20 unrelated.
const TREE: Table = {
  1: [0, 'S', '1'],
  10: [1, 'S', '100'],
  11: [10, 'S', '110'],
  12: [10, 'Z', '120'],
  13: [11, 'S', '130'],
  20: [1, 'S', '200'],
};

describe('parsePsTable', () => {
  it.each([
    [
      '  PID  PPID lines as ps pads them',
      '  10     1\n   11    10\n',
      [
        { pid: 10, ppid: 1 },
        { pid: 11, ppid: 10 },
      ],
    ],
    ['no trailing newline', '1 0', [{ pid: 1, ppid: 0 }]],
    ['a header or garbage line is skipped', 'PID PPID\n5 1\nnot a row\n', [{ pid: 5, ppid: 1 }]],
    ['empty output', '', []],
  ] as const)('%s', (_label, text, expected) => {
    expect(parsePsTable(text)).toEqual(expected);
  });
});

describe('descendantsIn', () => {
  const table: ProcessEntry[] = Object.entries(TREE).map(([pid, [ppid]]) => ({ pid: Number(pid), ppid }));
  it.each([
    [10, [11, 12, 13]],
    [11, [13]],
    [13, []],
    [99, []],
  ])('descendants of %i', (root, expected) => {
    expect(descendantsIn(table, root)).toEqual(expected);
  });

  it('survives a cycle in a corrupt table', () => {
    expect(
      descendantsIn(
        [
          { pid: 2, ppid: 3 },
          { pid: 3, ppid: 2 },
        ],
        2,
      ),
    ).toEqual([3]);
  });
});

describe('Linux path (/proc, injected)', () => {
  it('walks /proc/PID/task/TID/children when the kernel has it, without listing every process', () => {
    const { host, runs } = fakeHost('linux', TREE, { proc: 'children' });
    const tree = processTree(host);
    expect(tree.descendantPids(10)).toEqual([11, 12, 13]);
    expect(runs).toEqual([]);
  });

  it('falls back to every /proc/PID/stat when there is no children file', () => {
    const { host, runs } = fakeHost('linux', TREE, { proc: 'stat-only' });
    expect(processTree(host).descendantPids(10)).toEqual([11, 12, 13]);
    expect(processTable(host)).toHaveLength(Object.keys(TREE).length);
    expect(runs).toEqual([]);
  });

  it('reads start times from field 22 and sees zombies as dead', () => {
    const { host } = fakeHost('linux', TREE, { proc: 'stat-only' });
    const tree = processTree(host);
    expect(tree.processStartTime(13)).toBe('130');
    expect(tree.processStartTime(99)).toBeNull();
    expect(tree.isAlive(11)).toBe(true);
    expect(tree.isAlive(12)).toBe(false);
    expect(tree.isAlive(99)).toBe(false);
  });

  it('signals the process group, the leader and the escaped PIDs', () => {
    const { host, kills, runs } = fakeHost('linux', TREE, { proc: 'stat-only' });
    processTree(host).signalTree(10, 'SIGTERM', [13]);
    expect(kills).toEqual([
      [-10, 'SIGTERM'],
      [10, 'SIGTERM'],
      [13, 'SIGTERM'],
    ]);
    expect(runs).toEqual([]);
  });
});

describe('macOS/BSD path (no /proc: ps, injected)', () => {
  it('reads the process table from ps -A -o pid=,ppid=', () => {
    const { host, runs } = fakeHost('darwin', TREE);
    expect(processTree(host).descendantPids(10)).toEqual([11, 12, 13]);
    expect(runs).toEqual([['ps', '-A', '-o', 'pid=,ppid=']]);
  });

  it('takes start times from ps -o lstart=', () => {
    const { host, runs } = fakeHost('freebsd', TREE);
    const tree = processTree(host);
    expect(tree.processStartTime(11)).toBe('110');
    expect(tree.processStartTime(99)).toBeNull();
    expect(runs).toEqual([
      ['ps', '-o', 'lstart=', '-p', '11'],
      ['ps', '-o', 'lstart=', '-p', '99'],
    ]);
  });

  it('finds nothing, rather than failing, when ps cannot run', () => {
    const { host } = fakeHost('darwin', TREE);
    const broken: TreeHost = { ...host, run: () => ({ status: null, stdout: '' }) };
    expect(processTree(broken).descendantPids(10)).toEqual([]);
  });

  it('signals the group like Linux and asks the kernel whether a PID lives', () => {
    const { host, kills } = fakeHost('darwin', TREE);
    const tree = processTree(host);
    tree.signalTree(10, 'SIGKILL', [13]);
    expect(tree.isAlive(11)).toBe(true);
    expect(tree.isAlive(99)).toBe(false);
    expect(kills).toEqual([
      [-10, 'SIGKILL'],
      [10, 'SIGKILL'],
      [13, 'SIGKILL'],
      [11, 0],
      [99, 0],
    ]);
  });
});

describe('Windows path (taskkill, injected)', () => {
  it('ends each tree with taskkill /T /F /PID whatever the signal, and sends no POSIX signal', () => {
    const { host, runs, kills } = fakeHost('win32', TREE);
    const tree = processTree(host);
    tree.signalTree(10, 'SIGTERM', [13]);
    expect(runs).toEqual([
      ['taskkill', '/T', '/F', '/PID', '10'],
      ['taskkill', '/T', '/F', '/PID', '13'],
    ]);
    expect(kills).toEqual([]);
  });

  it('lists no descendants and remembers no start times (taskkill walks the tree itself)', () => {
    const { host, runs } = fakeHost('win32', TREE);
    const tree = processTree(host);
    expect(tree.descendantPids(10)).toEqual([]);
    expect(tree.processStartTime(10)).toBeNull();
    expect(runs).toEqual([]);
  });
});

describe('Linux path (real /proc)', () => {
  it.runIf(process.platform === 'linux')(
    'finds a real tree, children walk and full table alike, and ends it',
    async () => {
      // sh starts two sleeps, one of them in a new session (setsid), then waits.
      const shell = spawn('sh', ['-c', 'sleep 30 & setsid sleep 30 & wait'], { detached: true, stdio: 'ignore' });
      const pid = shell.pid ?? 0;
      let found: number[] = [];
      for (let i = 0; i < 100 && found.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        found = descendantPids(pid);
      }
      expect(found).toHaveLength(2);
      const table = processTable(systemHost);
      expect(table === null ? [] : descendantsIn(table, pid).sort()).toEqual([...found].sort());
      processTree(systemHost).signalTree(pid, 'SIGKILL', found);
      expect(await waitGone([pid, ...found])).toEqual([]);
    },
  );
});
