/**
 * The sandbox's fixed shape (docs/security.md "Exercising: the sandbox"): the paths a server sees
 * and bubblewrap's isolation flags, shared by the probe and the launch. Every namespace is unshared,
 * the user namespace always (so root outside is an unprivileged root inside, and nested user
 * namespaces are refused with --disable-userns), every capability is dropped (--cap-drop ALL: as
 * root too), the server gets its own session (no TIOCSTI into the caller's terminal) and dies with
 * its parent.
 */

/** Sandbox paths as the server sees them: a size-limited tmpfs /tmp holds HOME and the working folder. */
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_HOME = '/tmp/home';
export const SANDBOX_WORK = '/tmp/work';
/** A private, size-limited tmpfs (POSIX shared memory), snapshotted like /tmp. */
export const SANDBOX_SHM = '/dev/shm';

export const BWRAP_ISOLATION = [
  '--unshare-all',
  '--unshare-user',
  '--disable-userns',
  '--cap-drop',
  'ALL',
  '--die-with-parent',
  '--new-session',
] as const;

/** The limits a sandboxed server runs under, reported with the run. */
export const SANDBOX_LIMITS = {
  /** Size of the tmpfs /tmp (HOME and the working folder live in it). */
  tmpBytes: 128 * 1024 * 1024,
  /** Size of the private /dev/shm. */
  shmBytes: 16 * 1024 * 1024,
  /** RLIMIT_DATA of every process: heap and private writable mappings. */
  dataBytes: 4 * 1024 * 1024 * 1024,
  /** RLIMIT_NOFILE. */
  openFiles: 8192,
  /** Processes in the sandbox at once (RLIMIT_NPROC above the user's own count; for root, whom the kernel exempts, a watchdog). */
  processes: 256,
  /** The trace file: past this the run stops and is inconclusive. */
  traceBytes: 256 * 1024 * 1024,
} as const;

export type SandboxLimits = Record<keyof typeof SANDBOX_LIMITS, number>;
