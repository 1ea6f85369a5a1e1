/**
 * The command line that runs a server in the sandbox (issue 33; docs/security.md "Exercising: the
 * sandbox"): setpriv --pdeathsig KILL (the whole chain dies with the process that started it,
 * issue 48) → prlimit (memory, files, processes, and the trace file's size, which the kernel
 * enforces: strace is killed at it) → strace -f (every process, from outside) →
 * bubblewrap with every namespace unshared, every capability dropped, nested user namespaces
 * refused and a seccomp filter (lib/core/exercise/seccomp.ts); the system read-only with users'
 * folders and host sockets hidden (host-view.ts); a size-limited tmpfs /tmp holding the sandbox
 * HOME and working folder, planted from files the host wrote (--file), and a private size-limited
 * /dev/shm; its /etc/resolv.conf names its own loopback (folders.ts), so a lookup's query is sent
 * and traced, naming the host, where the host's resolver was unreachable before any query left
 * (issue 47; only over a regular file: a symlink or none is left as it is, and glibc's default with
 * none is the loopback too). Nothing the server writes reaches the host's disk; the host reads the sandbox's files
 * through /proc/<pid>/root (snapshot.ts). bubblewrap reports its child's PID on an info descriptor.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { REFUSED_SYSCALLS, REFUSED_SYSCALL_NAMES } from '../../core/exercise/seccomp';
import { TRACED_SYSCALLS } from '../../core/exercise/effects';
import { PROCESS_SYSCALLS } from '../../core/exercise/lineage';
import type { HostView } from './host-view';
import { launcherWords, type SandboxListener } from './listener';
import type { SandboxTools } from './sandbox-probe';
import {
  BWRAP_ISOLATION,
  SANDBOX_HOME,
  SANDBOX_SHM,
  SANDBOX_TMP,
  SANDBOX_WORK,
  type SandboxLimits,
} from './sandbox-flags';

export { checkSandbox, findExecutable, type SandboxTools } from './sandbox-probe';
export { SANDBOX_HOME, SANDBOX_SHM, SANDBOX_TMP, SANDBOX_WORK } from './sandbox-flags';

/** A file planted in the sandbox before the server starts: the host file's content, at a sandbox path. */
export interface PlantedFile {
  host: string;
  sandboxPath: string;
  mode: number;
}

/** The host files bubblewrap reads or writes through inherited descriptors (fd 3 onwards, in this order). */
export interface SandboxDescriptor {
  path: string;
  flags: 'r' | 'w';
}

export interface SandboxSpec {
  tracePath: string;
  seccompPath: string;
  infoPath: string;
  /** Folders made in the sandbox's /tmp first (with their modes), then the planted files. */
  folders: readonly { sandboxPath: string; mode: number }[];
  planted: readonly PlantedFile[];
  /** Symlinks made after the planted files (the traversal check's link to a canary); none by default. */
  links?: readonly { target: string; sandboxPath: string }[];
  view: HostView;
  limits: SandboxLimits;
  /** RLIMIT_NPROC to set, or null where the kernel would not apply it (root). */
  processLimit: number | null;
  /** Run under strace (the exercise) or not (a sandboxed listing). */
  trace: boolean;
  /** The loopback listener started before the server (listener.ts), or null. */
  listener: SandboxListener | null;
  /** A resolv.conf to bind over /etc/resolv.conf, or null to leave the host's. */
  resolvPath?: string | null;
}

export const RESOLV_CONF = '/etc/resolv.conf';

const octal = (mode: number): string => mode.toString(8).padStart(4, '0');

/**
 * The refused calls bubblewrap makes itself while it builds the sandbox, before its filter is on:
 * strace must let these run (an injected error would fail bubblewrap's own set-up), so inside the
 * sandbox the kernel refuses them: the server holds no capability (--cap-drop ALL) and may not make
 * a user namespace (--disable-userns), and mount, umount2, pivot_root and a namespace unshare need
 * CAP_SYS_ADMIN. They are traced like the rest, so an attempt still shows, with the kernel's errno.
 */
const BWRAP_SETUP: ReadonlySet<string> = new Set(['mount', 'umount2', 'pivot_root', 'unshare']);

/** strace fails each refused call with its errno: the sandbox's filter hands them to it (seccomp.ts, "tracer"). */
function refusalFlags(): string[] {
  return (['EPERM', 'ENOSYS'] as const).flatMap((errno) => {
    const names = REFUSED_SYSCALLS.filter((call) => call.errno === errno && !BWRAP_SETUP.has(call.name)).map(
      (call) => call.name,
    );
    return names.length === 0 ? [] : ['-e', `inject=${names.join(',')}:error=${errno}`];
  });
}

/**
 * The strace invocation's own flags: every process, stopped only at traced calls (--seccomp-bpf: a
 * Node server's start costs 0.15 s under it instead of 1 s), epoch times, descriptor paths, short
 * strings, the effects' calls and those that make a process or thread (who started whom,
 * lineage.ts), and the refused calls failed by strace itself (refusalFlags).
 */
function straceFlags(tracePath: string, pidnsTranslation: boolean): string[] {
  return [
    '-f',
    // A clone's result is the child's id in the sandbox's PID namespace; translated, it is the traced id.
    ...(pidnsTranslation ? ['--pidns-translation'] : []),
    '--seccomp-bpf',
    ...refusalFlags(),
    '-ttt',
    '-qq',
    '-y',
    '-s',
    '256',
    '-o',
    tracePath,
    '-e',
    'signal=none',
    '-e',
    `trace=${[...TRACED_SYSCALLS, ...PROCESS_SYSCALLS, ...REFUSED_SYSCALL_NAMES].join(',')}`,
  ];
}

/**
 * RLIMIT_FSIZE past the trace's cap: the kernel stops strace (SIGXFSZ) at a trace a little larger
 * than the cap, even when the watchdog is late or the caller is gone, and trace.ts reads a trace past
 * its cap as incomplete. The server inherits it, far above its 128 MiB tmpfs.
 */
export const traceFileLimit = (limits: Pick<SandboxLimits, 'traceBytes'>): number => limits.traceBytes + 1024 * 1024;

function limitFlags(spec: SandboxSpec): string[] {
  const flags = [
    `--data=${spec.limits.dataBytes}`,
    `--nofile=${spec.limits.openFiles}`,
    '--core=0',
    `--fsize=${traceFileLimit(spec.limits)}`,
  ];
  if (spec.processLimit !== null) flags.push(`--nproc=${spec.processLimit}`);
  return flags;
}

/** `command args` in the sandbox; `descriptors` are to be opened and passed as fd 3, 4, … in order. */
export function sandboxCommand(
  tools: Pick<SandboxTools, 'bwrap' | 'strace' | 'prlimit' | 'pidnsTranslation' | 'setpriv'>,
  spec: SandboxSpec,
  args: readonly string[],
): { command: string; args: string[]; descriptors: SandboxDescriptor[] } {
  const descriptors: SandboxDescriptor[] = [];
  const fd = (file: string, flags: SandboxDescriptor['flags']): string => {
    descriptors.push({ path: file, flags });
    return String(2 + descriptors.length);
  };
  // The listener's log first: it must be fd 3 (listener.ts).
  if (spec.listener !== null) fd(spec.listener.logPath, 'w');
  const plant = spec.folders.flatMap((folder) => ['--perms', octal(folder.mode), '--dir', folder.sandboxPath]);
  for (const file of spec.planted)
    plant.push('--perms', octal(file.mode), '--file', fd(file.host, 'r'), file.sandboxPath);
  for (const link of spec.links ?? []) plant.push('--symlink', link.target, link.sandboxPath);
  const bwrapArgs = [
    ...BWRAP_ISOLATION,
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...(spec.resolvPath == null ? [] : ['--ro-bind-data', fd(spec.resolvPath, 'r'), RESOLV_CONF]),
    ...spec.view.hidden.flatMap((folder) => ['--tmpfs', folder]),
    '--size',
    String(spec.limits.tmpBytes),
    '--tmpfs',
    SANDBOX_TMP,
    '--size',
    String(spec.limits.shmBytes),
    '--tmpfs',
    SANDBOX_SHM,
    ...plant,
    ...spec.view.bound.filter((file) => !isSandboxOwn(file)).flatMap((file) => ['--ro-bind', file, file]),
    '--seccomp',
    fd(spec.seccompPath, 'r'),
    '--info-fd',
    fd(spec.infoPath, 'w'),
    '--chdir',
    SANDBOX_WORK,
    '--setenv',
    'HOME',
    SANDBOX_HOME,
    '--setenv',
    'TMPDIR',
    SANDBOX_TMP,
    '--',
    ...(spec.listener === null ? [spec.view.command, ...args] : launcherWords(spec.listener, spec.view.command, args)),
  ];
  const setpriv = tools.setpriv ?? null;
  return {
    command: setpriv ?? tools.prlimit,
    args: [
      ...(setpriv === null ? [] : ['--pdeathsig', 'KILL', '--', tools.prlimit]),
      ...limitFlags(spec),
      '--',
      ...(spec.trace ? [tools.strace, ...straceFlags(spec.tracePath, tools.pidnsTranslation === true), '--'] : []),
      tools.bwrap,
      ...bwrapArgs,
    ],
    descriptors,
  };
}

/** A bound path that would land on the sandbox's own HOME or working folder is left out. */
function isSandboxOwn(file: string): boolean {
  return [SANDBOX_HOME, SANDBOX_WORK].some(
    (own) => file === own || file.startsWith(`${own}/`) || own.startsWith(`${file}/`),
  );
}

/**
 * The server runs in the sandbox's working folder, so a relative script path (`node server.js`)
 * is made absolute against the audit's folder when it names an existing file there; anything
 * else (flags, `.`, names on PATH) is passed as it is.
 */
export function absoluteLaunch(
  command: string,
  args: readonly string[],
  cwd: string,
): { command: string; args: string[] } {
  const fix = (word: string): string => {
    if (word.startsWith('-') || path.isAbsolute(word) || word === '') return word;
    const candidate = path.resolve(cwd, word);
    try {
      return statSync(candidate).isFile() ? candidate : word;
    } catch {
      return word;
    }
  };
  return { command: command.includes('/') ? fix(command) : command, args: args.map(fix) };
}
