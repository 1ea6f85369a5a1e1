/**
 * Ending an audited server for good, on every platform. Synchronous, so it also runs on process exit.
 * - Linux: the server's process group, plus descendants that left the group (setsid), found through
 *   /proc (parent PID and start time of every process), plus every process of the server's session
 *   (/proc/PID/stat field 6): a grandchild whose parent exited and that left the group with
 *   setpgid(0,0) is no descendant any more, but it is still in the session.
 * - macOS and the BSDs (no /proc): the same, with the process table read from `ps -A -o pid=,ppid=`
 *   and start times from `ps -o lstart=`.
 * - Windows has no process groups: the tree is what Windows records as each process's parent, ended
 *   with `taskkill /T /F /PID`. A descendant whose parent already exited is no longer reachable that
 *   way (a Job Object would hold it, which Node cannot create without a native addon).
 * Every path reads the system through a TreeHost, so tests drive each platform's path on one machine.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** What the process-tree code reads and does; the real system by default, injected in tests. */
export interface TreeHost {
  platform: NodeJS.Platform;
  /** Lists a directory (only /proc is read); throws when it does not exist. */
  readDir(path: string): string[];
  /** Reads a file (only /proc/PID/stat); throws when it does not exist. */
  readFile(path: string): string;
  /** Runs a program without a shell and returns its exit status and stdout (null status: it could not run). */
  run(command: string, args: readonly string[]): { status: number | null; stdout: string };
  /** process.kill: throws when the process is gone or not ours. */
  kill(pid: number, signal: NodeJS.Signals | 0): void;
}

export const systemHost: TreeHost = {
  platform: process.platform,
  readDir: (path) => readdirSync(path),
  readFile: (path) => readFileSync(path, 'utf8'),
  run: (command, args) => {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 5000, windowsHide: true, shell: false });
    return result.error === undefined ? { status: result.status, stdout: result.stdout } : { status: null, stdout: '' };
  },
  kill: (pid, signal) => {
    process.kill(pid, signal);
  },
};

/** One line of a process table: a PID and its parent's. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
}

/** Parses `ps -A -o pid=,ppid=` output (two numbers a line, padded with spaces); other lines are skipped. */
export function parsePsTable(text: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
    if (match !== null) entries.push({ pid: Number(match[1]), ppid: Number(match[2]) });
  }
  return entries;
}

/** The fields of /proc/PID/stat after the command name (field 3 onwards): comm may hold spaces and ')'. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The fields of /proc/PID/stat (statFields), or null when it cannot be read: the process is gone. */
function procStat(host: TreeHost, pid: number | string): string[] | null {
  try {
    return statFields(host.readFile(`/proc/${pid}/stat`));
  } catch {
    return null;
  }
}

const procSeen = new WeakMap<TreeHost, boolean>();

/** Whether the host has a Linux-style /proc (looked up once per host). */
function hasProc(host: TreeHost): boolean {
  let found = procSeen.get(host);
  if (found === undefined) {
    try {
      host.readDir('/proc/self');
      found = host.platform !== 'win32';
    } catch {
      found = false;
    }
    procSeen.set(host, found);
  }
  return found;
}

/** The process table: /proc where it exists, else `ps`; null on Windows or when neither can be read. */
export function processTable(host: TreeHost = systemHost): ProcessEntry[] | null {
  if (host.platform === 'win32') return null;
  if (hasProc(host)) {
    const entries: ProcessEntry[] = [];
    for (const entry of host.readDir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      // null: the process ended while we looked.
      const fields = procStat(host, entry);
      if (fields !== null) entries.push({ pid: Number(entry), ppid: Number(fields[1]) });
    }
    return entries;
  }
  const ps = host.run('ps', ['-A', '-o', 'pid=,ppid=']);
  return ps.status === 0 ? parsePsTable(ps.stdout) : null;
}

/** Every descendant of `root` in a process table, breadth first. */
export function descendantsIn(table: readonly ProcessEntry[], root: number): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) {
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      if (child !== root && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/**
 * Linux: the descendants of `root` read from /proc/PID/task/TID/children, visiting only the tree (a
 * few files) instead of every process; null when the kernel has no such file (then: the full table).
 */
function childrenWalk(host: TreeHost, root: number): number[] | null {
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    let tasks: string[];
    try {
      tasks = host.readDir(`/proc/${pid}/task`);
    } catch {
      continue; // The process ended while we looked.
    }
    for (const task of tasks) {
      let children: string;
      try {
        children = host.readFile(`/proc/${pid}/task/${task}/children`);
      } catch {
        if (pid === root && task === tasks[0]) return null;
        continue;
      }
      for (const child of children.trim().split(/\s+/)) {
        const childPid = Number(child);
        if (child !== '' && childPid !== root && !found.includes(childPid)) {
          found.push(childPid);
          queue.push(childPid);
        }
      }
    }
  }
  return found;
}

/** The process-tree operations on one host: the real system below, another platform's in tests. */
export interface ProcessTree {
  /** Live descendants of a PID (empty on Windows, where taskkill /T walks the tree itself). */
  descendantPids: (root: number) => number[];
  /**
   * A process's start time: with the PID, an identity that survives PID reuse. Linux: clock ticks
   * since boot (/proc/PID/stat field 22); macOS/BSD: `ps -o lstart=`; Windows: null (not remembered).
   */
  processStartTime: (pid: number) => string | null;
  /**
   * Ends a server's tree. POSIX: the signal to the process group led by `pid`, to the leader, and to
   * the extra PIDs (descendants that left the group). Windows: `taskkill /T /F` on the leader and on
   * each extra PID, whatever the signal (Windows has no SIGTERM: every kill there is immediate).
   */
  signalTree: (pid: number, sig: NodeJS.Signals, extra?: readonly number[]) => void;
  /** True while a PID exists (and, where /proc shows it, is not a zombie). */
  isAlive: (pid: number) => boolean;
  /** The session a process belongs to (/proc/PID/stat field 6); null without /proc or once it is gone. */
  sessionOf: (pid: number) => number | null;
  /** Live processes (zombies excluded) whose session is `sid`; empty without /proc. */
  sessionMembers: (sid: number) => number[];
}

export function processTree(host: TreeHost): ProcessTree {
  const signal = (pid: number, sig: NodeJS.Signals): void => {
    try {
      host.kill(pid, sig);
    } catch {
      // Already gone (ESRCH) or not ours (EPERM): nothing left to do.
    }
  };
  return {
    descendantPids: (root) => {
      if (hasProc(host)) {
        const walked = childrenWalk(host, root);
        if (walked !== null) return walked;
      }
      const table = processTable(host);
      return table === null ? [] : descendantsIn(table, root);
    },
    processStartTime: (pid) => {
      if (host.platform === 'win32') return null;
      if (hasProc(host)) return procStat(host, pid)?.[19] ?? null;
      const ps = host.run('ps', ['-o', 'lstart=', '-p', String(pid)]);
      const started = ps.stdout.trim();
      return ps.status === 0 && started !== '' ? started : null;
    },
    signalTree: (pid, sig, extra = []) => {
      if (host.platform === 'win32') {
        for (const target of [pid, ...extra]) host.run('taskkill', ['/T', '/F', '/PID', String(target)]);
        return;
      }
      signal(-pid, sig);
      signal(pid, sig);
      for (const other of extra) signal(other, sig);
    },
    sessionOf: (pid) => {
      if (!hasProc(host)) return null;
      const session = Number(procStat(host, pid)?.[3]);
      return Number.isInteger(session) && session > 0 ? session : null;
    },
    sessionMembers: (sid) => {
      if (!hasProc(host)) return [];
      const members: number[] = [];
      for (const entry of host.readDir('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        // null: the process ended while we looked.
        const fields = procStat(host, entry);
        if (fields !== null && Number(fields[3]) === sid && fields[0] !== 'Z') members.push(Number(entry));
      }
      return members;
    },
    isAlive: (pid) => {
      // Not in /proc: ask the kernel below.
      const fields = hasProc(host) ? procStat(host, pid) : null;
      if (fields !== null) return fields[0] !== 'Z';
      try {
        host.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The operations on this machine. */
export const { descendantPids, processStartTime, signalTree, isAlive } = processTree(systemHost);
