/**
 * Whether the sandboxed server is working, read from the sandbox's own /proc (through
 * /proc/<pid>/root/proc on the host, issue 34): every process's threads and the CPU time each has
 * used (schedstat, in nanoseconds). The same signature twice means no process ran in between, so
 * quiet detection (quiet.ts) knows a server that computes before it writes is busy, with no traced
 * call to show it, and can wait a shorter quiet period for one that sleeps. Unreadable: null.
 */
import { readdir, readFile } from 'node:fs/promises';

/** At most this many processes and threads are read: a fork bomb is the watchdog's, not this. */
const MAX_TASKS = 512;

/** "pid:cpu-ns,…" for every process and thread under `proc` (the sandbox's procfs), or null. */
export async function activitySignature(proc: string): Promise<string | null> {
  const pids = await readdir(proc).catch(() => null);
  if (pids === null) return null;
  const parts: string[] = [];
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    const tasks = await readdir(`${proc}/${pid}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      if (parts.length >= MAX_TASKS) return parts.join(',');
      const stat = await readFile(`${proc}/${pid}/task/${task}/schedstat`, 'utf8').catch(() => '');
      parts.push(`${task}:${stat.split(' ')[0] ?? ''}`);
    }
  }
  return parts.join(',');
}
