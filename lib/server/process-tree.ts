/**
 * Ending an audited server for good: its whole process group, plus any descendant that left the
 * group (setsid), found through /proc on Linux. Synchronous, so it also runs on process exit.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Live descendants of a PID (Linux /proc; empty elsewhere). */
export function descendantPids(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 2 (comm) may hold spaces and parentheses: parse after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() ?? 0;
    for (const child of children.get(pid) ?? []) {
      if (!found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** A process's start time (clock ticks since boot, /proc/PID/stat field 22): with the PID, an identity that survives PID reuse. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone (ESRCH) or not ours (EPERM): nothing left to do.
  }
}

/** Sends a signal to a process group led by `pid`, to the leader, and to the given extra PIDs. */
export function signalTree(pid: number, sig: NodeJS.Signals, extra: readonly number[] = []): void {
  signal(-pid, sig);
  signal(pid, sig);
  for (const other of extra) signal(other, sig);
}

/** True while a PID exists (and is not a zombie we can see). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}
