/**
 * Process lineage from the trace (issue 34): who started whom, so an effect is given to what caused
 * it rather than to whichever call was open. strace -f prints every clone, clone3, fork and vfork
 * (the child's id is the result) and every execve; the table is read from the whole trace first
 * (strace may print a child's first calls before its parent's clone returns), then asked.
 *
 * Each traced task has a parent (the task that made it), a start time (the creating call's), and is
 * a thread (clone or clone3 with CLONE_THREAD: it shares its creator's process) or a process (fork,
 * vfork, clone without CLONE_THREAD); a process runs the program it last exec'd, or its parent's.
 *
 * The server's process is the one that exec'd the server (trace.ts), with its threads: Node's
 * libuv threads do its file work for every call, so its effects are attributed by time
 * (attribute.ts). A launcher (npx, npm exec, uvx, a shell) is not the server: when the server's
 * program is one, the server is the child process it started before the first call that was seen
 * last (the server lives to the end; a helper such as `npm view` ends), again while that is one.
 * Every other process descends from a direct child of the server's process, its "spawn"; the
 * spawn's start decides whose its effects are:
 * - started before the first call's request: the server's start-up (desktop-commander's
 *   `python3 --version`): its effects are never a call's, whenever they happen;
 * - started during call N (from its request to the end of its settle window): call N's, and shown
 *   on N when they land while a later call is open (a browser the first call launched, writing on);
 * - started in an idle window (after a call went quiet, before the next request): the server's
 *   background.
 * A task the table does not place under the server (bubblewrap's own, a launcher's, one whose
 * clone was not seen) is the server's, by time, as without lineage.
 */
import { cString, splitArgs, type SyscallEvent } from './strace';

/** The system calls that make a task: traced for the table, never effects (effects.ts). */
export const PROCESS_SYSCALLS = ['clone', 'clone3', 'fork', 'vfork'] as const;
const MAKES_TASK: ReadonlySet<string> = new Set(PROCESS_SYSCALLS);

/** Programs that start the server rather than being it. */
const LAUNCHERS: ReadonlySet<string> = new Set([
  'npx',
  'npx-cli.js',
  'npm',
  'npm-cli.js',
  'pnpm',
  'pnpx',
  'yarn',
  'bunx',
  'uvx',
  'uv',
  'pipx',
  'env',
  'sh',
  'bash',
  'dash',
]);
const PROGRAM_CHARS = 80;
/** `= 24 /* 17531 in strace's PID NS *\/` (strace --pidns-translation). */
const TRANSLATED = /= \d+ \/\* (\d+) in strace's PID NS \*\/$/;

interface Task {
  parent: number;
  /** Epoch seconds. */
  startedAt: number;
  thread: boolean;
}

/** Whose a task's effects are (lineage.ts header). */
export type Origin =
  { kind: 'server' } | { kind: 'start' | 'idle'; program: string } | { kind: 'call'; id: number; program: string };

const SERVER: Origin = { kind: 'server' };

/** A call's window as lineage needs it (attribute.ts's CallWindow), epoch milliseconds. */
interface Window {
  id: number;
  requestedAt: number;
  settledAt: number;
}

/** An exec'd program: `python3 --version` (the argument list, capped, or the path's last part) and the path's last part. */
function programOf(event: SyscallEvent): { text: string; name: string } {
  const parts = splitArgs(event.args);
  const path = cString(parts[event.name === 'execveat' ? 1 : 0]) ?? '';
  const name = path.split('/').pop() ?? path;
  const argv = /^\[(.*)\]$/s.exec(parts[event.name === 'execveat' ? 2 : 1] ?? '')?.[1];
  const words = argv === undefined ? [] : splitArgs(argv).map((word) => cString(word) ?? word);
  const text = words.length > 0 ? words.join(' ') : name || '?';
  return { text: text.length > PROGRAM_CHARS ? `${text.slice(0, PROGRAM_CHARS)}…` : text, name };
}

const isThread = (event: SyscallEvent): boolean =>
  (event.name === 'clone' || event.name === 'clone3') && /\bflags=[\w|]*\bCLONE_THREAD\b/.test(event.args);

/** The traced tasks of one run, read call by call (trace.ts), then asked (`origins`). */
export class ProcessTable {
  private readonly tasks = new Map<number, Task>();
  /** Per task that exec'd: the program it ran last, and the path (for launchers). */
  private readonly programs = new Map<number, { text: string; name: string }>();
  /** Per task: the time of its last traced call (epoch seconds). */
  private readonly lastSeen = new Map<number, number>();

  /** Reads one traced call (any: each one shows its task alive). */
  read(event: SyscallEvent): void {
    this.lastSeen.set(event.pid, event.time);
    if (MAKES_TASK.has(event.name)) {
      // In a PID namespace the result is the child's id there; --pidns-translation adds the traced id.
      const child = Number(TRANSLATED.exec(event.line)?.[1] ?? event.ret);
      if (event.ret !== null && event.ret > 0 && child > 0)
        this.tasks.set(child, { parent: event.pid, startedAt: event.time, thread: isThread(event) });
    } else if ((event.name === 'execve' || event.name === 'execveat') && event.ret === 0) {
      this.programs.set(event.pid, programOf(event));
    }
  }

  /** How many tasks were seen made (threads and processes). */
  get size(): number {
    return this.tasks.size;
  }

  /** The process a task belongs to (a thread's creator's, up the chain). */
  processOf(tid: number): number {
    let current = tid;
    for (let hops = 0; hops <= this.tasks.size; hops += 1) {
      const task = this.tasks.get(current);
      if (task?.thread !== true) return current;
      current = task.parent;
    }
    return tid;
  }

  /** The process that made this process, or null for one whose making was not seen. */
  private parentProcess(process: number): number | null {
    const task = this.tasks.get(process);
    return task === undefined ? null : this.processOf(task.parent);
  }

  /** The program a process runs: the one it exec'd last, or its creator's. */
  program(process: number): { text: string; name: string } | null {
    let current: number | null = process;
    for (let hops = 0; current !== null && hops <= this.tasks.size; hops += 1) {
      const own = this.programs.get(current);
      if (own !== undefined) return own;
      current = this.parentProcess(current);
    }
    return null;
  }

  /** Per task: the direct child process of `server` it descends from, `server` itself, or null (not under it). */
  private spawns(server: number): (tid: number) => number | null {
    const memo = new Map<number, number | null>([[server, server]]);
    return (tid: number): number | null => {
      const chain: number[] = [];
      let current: number | null = this.processOf(tid);
      let found: number | null = null;
      while (current !== null) {
        const known = memo.get(current);
        if (known !== undefined) {
          found = known;
          break;
        }
        const parent = this.parentProcess(current);
        chain.push(current);
        if (parent === server) {
          found = current;
          memo.set(current, current);
          chain.pop();
          break;
        }
        if (chain.length > this.tasks.size) break;
        current = parent;
      }
      for (const process of chain) memo.set(process, found);
      return found;
    };
  }

  /** The server's process: the one that exec'd it, past launchers (header). */
  serverProcess(execPid: number, firstRequest: number): number {
    let server = this.processOf(execPid);
    for (let depth = 0; depth < 8 && LAUNCHERS.has(this.program(server)?.name ?? ''); depth += 1) {
      const spawnOf = this.spawns(server);
      const latest = new Map<number, number>();
      for (const [tid, seen] of this.lastSeen) {
        const spawn = spawnOf(tid);
        if (spawn === null || spawn === server) continue;
        const started = this.tasks.get(spawn)?.startedAt ?? Number.POSITIVE_INFINITY;
        if (started * 1000 < firstRequest) latest.set(spawn, Math.max(latest.get(spawn) ?? 0, seen));
      }
      const next = [...latest].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (next === undefined) break;
      server = next;
    }
    return server;
  }

  /**
   * Whose each task's effects are (header), for the server exec'd by `execPid` and the calls'
   * `windows` (in call order, epoch ms): a function of the task id, memoized per spawn.
   */
  origins(execPid: number, windows: readonly Window[]): (tid: number) => Origin {
    const first = windows[0]?.requestedAt ?? Number.POSITIVE_INFINITY;
    const server = this.serverProcess(execPid, first);
    const spawnOf = this.spawns(server);
    const bySpawn = new Map<number, Origin>();
    return (tid: number): Origin => {
      const spawn = spawnOf(tid);
      if (spawn === null || spawn === server) return SERVER;
      const known = bySpawn.get(spawn);
      if (known !== undefined) return known;
      const ms = (this.tasks.get(spawn)?.startedAt ?? 0) * 1000;
      const program = this.program(spawn)?.text ?? 'a program';
      let origin: Origin = { kind: 'start', program };
      for (const window of windows)
        if (window.requestedAt <= ms)
          origin = ms <= window.settledAt ? { kind: 'call', id: window.id, program } : { kind: 'idle', program };
      bySpawn.set(spawn, origin);
      return origin;
    };
  }
}
