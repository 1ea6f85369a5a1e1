/**
 * Ending a launched server and everything it started, for good, and saying whether that is
 * confirmed. The server is started in a session of its own (spawn with `detached`: setsid on POSIX),
 * so on Linux everything it starts stays findable by session id even after it leaves the process
 * group and its parent exits (a double fork with setpgid(0,0)). What is ended, in order:
 * - the process group the server leads, the server, and every descendant seen while it ran
 *   (remembered with its start time, so a reused PID is never signalled);
 * - Linux: every process whose session (/proc/PID/stat field 6) is the server's, swept until none
 *   is left. Only a session the server leads (session id = its PID) and never this process's own;
 * - macOS/BSD: group and descendants only (`ps`); Windows: `taskkill /T /F` (lib/server/process/process-tree.ts).
 * A process that calls setsid() itself leaves the session too; only a cgroup or a PID namespace
 * holds that one (docs/security.md says what is and is not done where).
 * Used by the stdio transport; any other launcher (a sandbox) can end its server the same way.
 */
import { processTree, systemHost, type ProcessTree, type TreeHost } from './process-tree';

/** SIGTERM first; what is still running this long after is killed. */
const GRACE_MS = 200;
/** How long the end waits for the kills to be confirmed (the leader reaped, the session empty). */
const CONFIRM_MS = 2000;
const SWEEP_ROUNDS = 20;

export interface StopResult {
  /** The server exited, and no process of its session or remembered descendant is alive. */
  confirmed: boolean;
  /** Processes still alive when the end gave up (empty when confirmed). */
  survivors: number[];
}

const live = new Set<ServerReaper>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort: if this process exits while a server runs, the server and its session go with it.
  process.on('exit', () => {
    for (const reaper of live) reaper.killNow();
  });
}

const sleep = (ms: number): Promise<void> =>
  new Promise((done) => {
    setTimeout(done, ms).unref();
  });

export class ServerReaper {
  private readonly tree: ProcessTree;
  /** Descendants seen while the server ran (pid -> start time). */
  private readonly seen = new Map<number, string>();
  /** The session to sweep: the server's own (Linux), or null. */
  readonly session: number | null;

  /** `pid`: a server just spawned in its own session (read at once, while it is at least a zombie). */
  constructor(
    readonly pid: number,
    private readonly host: TreeHost = systemHost,
  ) {
    this.tree = processTree(host);
    const sid = this.tree.sessionOf(pid);
    this.session = sid === pid && sid !== this.tree.sessionOf(process.pid) ? sid : null;
    installExitHook();
    live.add(this);
  }

  /** Records the server's current descendants, so they are ended even after they leave its group; returns them. */
  remember(): number[] {
    const descendants = this.tree.descendantPids(this.pid);
    for (const descendant of descendants) {
      const started = this.tree.processStartTime(descendant);
      if (started !== null) this.seen.set(descendant, started);
    }
    return descendants;
  }

  /** Remembered descendants that are still the same processes (same PID and start time). */
  private rememberedAlive(): number[] {
    return [...this.seen].filter(([pid, started]) => this.tree.processStartTime(pid) === started).map(([pid]) => pid);
  }

  private sessionMembers(): number[] {
    return this.session === null ? [] : this.tree.sessionMembers(this.session).filter((pid) => pid !== process.pid);
  }

  /**
   * SIGKILL to the session until it is empty (a member may fork while it is being killed); returns
   * the members its last scan found ([] once it is empty).
   */
  private sweepSession(): number[] {
    let members: number[] = [];
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      members = this.sessionMembers();
      if (members.length === 0) return members;
      for (const member of members) this.signal(member, 'SIGKILL');
    }
    return members;
  }

  private signal(pid: number, sig: NodeJS.Signals): void {
    try {
      this.host.kill(pid, sig);
    } catch {
      // Gone (ESRCH) or not ours (EPERM).
    }
  }

  /** What is still alive: the leader if running, remembered descendants, and `session` (a scan's members). */
  private survivors(leaderRunning: boolean, session: readonly number[]): number[] {
    const others = [...new Set([...this.rememberedAlive(), ...session])].filter(
      (pid) => pid !== this.pid && this.tree.isAlive(pid),
    );
    return leaderRunning ? [this.pid, ...others] : others;
  }

  /**
   * Ends the server and everything it started: SIGTERM, a short grace, then SIGKILL to whatever is
   * left, then the session swept; resolves once that is confirmed or CONFIRM_MS have passed. `exited`
   * resolves when the server (the leader) has exited and been reaped.
   * The session's scan reads /proc/PID/stat of every process on the machine (about 10 ms with 660
   * processes, a desktop's count), so it is made once in the usual case: after the leader's end,
   * when what it finds is what is left. A member only it finds (an escapee) gets SIGTERM then and
   * its own grace, if the leader ended within its grace; otherwise everything is killed at once.
   */
  async stop(exited: Promise<void>, hasExited: () => boolean): Promise<StopResult> {
    const leader = { gone: false };
    const leaderReaped = exited.then(() => {
      leader.gone = true;
    });
    // The group and the known descendants (a few files read).
    const known = [...new Set([...this.remember(), ...this.rememberedAlive()])].filter((pid) => pid !== this.pid);
    if (!hasExited()) this.tree.signalTree(this.pid, 'SIGTERM', known);
    else for (const pid of known) this.signal(pid, 'SIGTERM');
    await Promise.race([leaderReaped, sleep(GRACE_MS)]);
    const members = this.sessionMembers().filter((pid) => pid !== this.pid);
    const late = leader.gone ? [] : this.tree.descendantPids(this.pid);
    const escaped = [...new Set([...known, ...members, ...late, ...this.rememberedAlive()])].filter((pid) =>
      this.tree.isAlive(pid),
    );
    // Nothing left: the session, which holds the server's group, is empty (no member is left to
    // start one) and no remembered descendant that left it lives. Confirmed by this one scan (kept for
    // its figure: with 665 processes, SIGTERM to the CLI's exit took 50.1 ms with two scans, 27.7 ms
    // with one; docs/benchmarks.md). Without a session to scan (macOS, Windows), the group is still
    // killed below: nothing else finds it.
    if (this.session !== null && leader.gone && escaped.length === 0) return this.ended([]);
    const sessionOnly = members.filter((pid) => !known.includes(pid));
    if (leader.gone && sessionOnly.length > 0) {
      for (const pid of sessionOnly) this.signal(pid, 'SIGTERM');
      await this.graceFor(sessionOnly);
    }
    // Whatever ignored SIGTERM, or outlived the leader, is killed now. Once the leader is gone its
    // children belong to another parent: only the remembered ones and the session still find them.
    this.tree.signalTree(
      this.pid,
      'SIGKILL',
      escaped.filter((pid) => this.tree.isAlive(pid)),
    );
    const until = Date.now() + CONFIRM_MS;
    const leaderRunning = (): boolean => !leader.gone && this.tree.isAlive(this.pid);
    // The sweep's last scan is the survivors' session: read once, not twice.
    let left = this.survivors(leaderRunning(), this.sweepSession());
    while (left.length > 0 && Date.now() < until) {
      await Promise.race([leaderReaped, sleep(20)]);
      const session = this.sweepSession();
      for (const pid of left) if (pid !== this.pid) this.signal(pid, 'SIGKILL');
      left = this.survivors(leaderRunning(), session);
    }
    return this.ended(left);
  }

  /** Up to GRACE_MS for processes that were sent SIGTERM and are not this process's children. */
  private async graceFor(pids: readonly number[]): Promise<void> {
    const until = Date.now() + GRACE_MS;
    while (pids.some((pid) => this.tree.isAlive(pid)) && Date.now() < until) await sleep(20);
  }

  private ended(left: number[]): StopResult {
    live.delete(this);
    return { confirmed: left.length === 0, survivors: left };
  }

  /** Synchronous SIGKILL of everything, for process exit. */
  killNow(): void {
    this.tree.signalTree(this.pid, 'SIGKILL', [...this.tree.descendantPids(this.pid), ...this.rememberedAlive()]);
    this.sweepSession();
  }

  /** Forgets a server that never started (nothing to end). */
  release(): void {
    live.delete(this);
  }
}
