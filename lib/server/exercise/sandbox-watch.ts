/**
 * Watching a running sandbox from the host (issue 33): its snapshots (through /proc/<pid>/root once
 * bubblewrap has reported the PID), and a watchdog that stops the run when the trace passes its cap
 * or, for root (whom the kernel's process limit exempts), when the sandbox holds too many processes.
 * What stops the run, and a sandbox that could not be read, make the run inconclusive.
 */
import { readdir, readlink, stat } from 'node:fs/promises';
import type { SandboxLayout } from '../../core/exercise/paths';
import type { SandboxLimits } from './sandbox-flags';
import { readSandboxInfo } from './sandbox-info';
import { activitySignature } from './activity';
import { sandboxRoot, snapshotSandbox, type SandboxRoot, type SandboxSnapshot } from './snapshot';

const WATCH_EVERY_MS = 200;

async function processesInNamespace(infoPath: string): Promise<number | null> {
  const namespace = (await readSandboxInfo(infoPath))?.['pid-namespace'];
  if (typeof namespace !== 'number') return null;
  const wanted = `pid:[${namespace}]`;
  let count = 0;
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    if ((await readlink(`/proc/${name}/ns/pid`).catch(() => '')) === wanted) count += 1;
  }
  return count;
}

export class SandboxWatch {
  private root: SandboxRoot | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Why the run was stopped from outside, or null. */
  halted: string | null = null;
  /** Set when a snapshot could not be taken while the server ran. */
  unreadable: string | null = null;
  private skip: readonly string[];

  constructor(
    private readonly paths: { infoPath: string; tracePath: string },
    private readonly layout: SandboxLayout,
    private readonly limits: SandboxLimits,
    bound: readonly string[],
    private readonly countProcesses: boolean,
  ) {
    this.skip = bound;
  }

  /** Starts the watchdog; `stop` ends the sandbox (the session's close). */
  start(stop: () => void): void {
    let busy = false;
    this.timer = setInterval(() => {
      if (busy || this.halted !== null) return;
      busy = true;
      void this.check()
        .catch(() => null)
        .then((reason) => {
          if (reason === null || this.halted !== null) return;
          this.halted = reason;
          stop();
        })
        .finally(() => {
          busy = false;
        });
    }, WATCH_EVERY_MS);
    this.timer.unref();
  }

  private async check(): Promise<string | null> {
    const size = await stat(this.paths.tracePath).then(
      (info) => info.size,
      () => 0,
    );
    if (size > this.limits.traceBytes)
      return `the trace passed its cap of ${Math.round(this.limits.traceBytes / 1048576)} MiB, so the sandbox was stopped`;
    if (!this.countProcesses) return null;
    const count = await processesInNamespace(this.paths.infoPath);
    if (count !== null && count > this.limits.processes)
      return `the sandbox held ${count} processes, past its limit of ${this.limits.processes}, so it was stopped`;
    return null;
  }

  /** How much of the trace is read back. */
  get traceCap(): number {
    return this.limits.traceBytes;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The sandbox's processes and the CPU time each has used (activity.ts), or null before it is readable. */
  async activity(): Promise<string | null> {
    this.root ??= await sandboxRoot(this.paths.infoPath);
    if (this.root === null) return null;
    return activitySignature(`${this.root.path}/proc`);
  }

  /**
   * The sandbox's writable folders now, or null when they cannot be read: never made (recorded as a
   * doubt), or the sandbox ended before or while they were read (a server gone has no "after").
   */
  async snapshot(): Promise<SandboxSnapshot | null> {
    this.root ??= await sandboxRoot(this.paths.infoPath);
    if (this.root === null) {
      this.unreadable ??= "the sandbox's files could not be read from the host, so changes were not compared";
      return null;
    }
    if (!(await this.root.alive())) return null;
    const taken = await snapshotSandbox(this.root.path, this.layout, this.skip);
    if (!(await this.root.alive())) return null;
    if (taken.capped)
      this.unreadable ??= "the sandbox's files passed the snapshot's cap, so some changes were not compared";
    return taken;
  }
}
