/**
 * Starting a stdio server inside the sandbox (issue 33), for the exercise and for a sandboxed listing
 * (audit --sandbox): the host view (what is hidden, what is bound back), the limits, the descriptors
 * bubblewrap reads (planted files, the seccomp program) and writes (its info), and a watch over the
 * running sandbox. The caller closes the launch once the server is gone.
 */
import { accessSync, closeSync, constants, lstatSync, openSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { childEnvironment } from '../child-env';
import { ProcessGroupStdioTransport } from '../mcp/stdio-transport';
import type { AuditTargetSpec } from '../target-spec';
import type { Redactor } from '../redact';
import type { AuditError } from '../errors';
import { missingDirectory, spawnError } from '../process/spawn-errors';
import { findExecutable } from './sandbox-probe';
import type { SandboxFolders } from './folders';
import { hostView } from './host-view';
import { RESOLV_CONF, absoluteLaunch, sandboxCommand, traceFileLimit, type SandboxTools } from './sandbox';
import { SANDBOX_LIMITS, SANDBOX_WORK, type SandboxLimits } from './sandbox-flags';
import { SandboxWatch } from './sandbox-watch';
import { LISTENER_PORT, listenerScript, type SandboxListener } from './listener';
import { hostFolderPlan } from './host-folders';
import type { HostFolderCopy } from '../../core/exercise/host-folders';

export interface SandboxLaunch {
  transport: ProcessGroupStdioTransport;
  watch: SandboxWatch;
  /** The limits as the report states them. */
  limits: string[];
  /** The loopback listener started in the sandbox (a traced run with a built listener), or null. */
  listener: SandboxListener | null;
  /** Closes the descriptors passed to bubblewrap (after the server has started or failed to). */
  release: () => void;
  /** The host folders the command line (or the roots) named, each copied into the sandbox (host-folders.ts). */
  hostFolders: HostFolderCopy[];
  /** The sandbox paths of the roots given as host folders, in order (their copies). */
  roots: string[];
}

const isRoot = (): boolean => process.getuid?.() === 0;

const isFile = (word: string): boolean => {
  try {
    return path.isAbsolute(word) && statSync(word).isFile();
  } catch {
    return false;
  }
};

/** Whether `file` is a regular file, not a symlink (bubblewrap binds onto it: sandbox.ts). */
function regularFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/** How many processes the caller's user runs now (RLIMIT_NPROC counts them all, sandbox or not). */
function userProcessCount(): number {
  const uid = process.getuid?.() ?? -1;
  let count = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (statSync(`/proc/${name}`).uid === uid) count += 1;
    } catch {
      // Gone meanwhile.
    }
  }
  return count;
}

const mib = (bytes: number): string => `${Math.round(bytes / 1048576)} MiB`;

/** The limits in words, for the report and the terminal. */
export function limitsText(limits: SandboxLimits, root: boolean, diesWithCaller = true): string[] {
  return [
    `/tmp (HOME and the working folder): a ${mib(limits.tmpBytes)} tmpfs`,
    `/dev/shm: a private ${mib(limits.shmBytes)} tmpfs`,
    `memory: ${mib(limits.dataBytes)} of data per process (RLIMIT_DATA)`,
    `open files: ${limits.openFiles} per process`,
    root
      ? `processes: ${limits.processes} in the sandbox (a watchdog: the kernel's process limit does not bind root)`
      : `processes: ${limits.processes} beyond those the user already runs (RLIMIT_NPROC)`,
    `trace: ${mib(limits.traceBytes)} (past it the run stops and is inconclusive; the kernel stops the tracer at ${mib(traceFileLimit(limits))}, RLIMIT_FSIZE)`,
    diesWithCaller
      ? 'lifetime: the sandbox dies with the process that started it (a parent-death signal on the tracer)'
      : 'lifetime: setpriv with --pdeathsig (util-linux 2.33+) is missing, so a sandbox may outlive a caller killed with SIGKILL',
  ];
}

/**
 * The sandbox's limits; HINTCHECK_TRACE_CAP_MIB lowers (or raises) the trace's cap, for a small disk
 * (the tests use it to reach the cap in a second).
 */
export function limitsFor(env: Readonly<Record<string, string | undefined>>): SandboxLimits {
  const cap = Number(env.HINTCHECK_TRACE_CAP_MIB);
  return Number.isInteger(cap) && cap >= 1 && cap <= 65_536
    ? { ...SANDBOX_LIMITS, traceBytes: cap * 1024 * 1024 }
    : SANDBOX_LIMITS;
}

/** The server `target` as a transport running in the sandbox, with its watch. */
export interface LaunchOptions {
  callerEnv: Readonly<Record<string, string | undefined>>;
  maxMessageBytes: number;
  redactor?: Redactor;
  /** Called once the server has ended (or never started). */
  onFinished?: () => void;
  /** Watch the server with strace (the exercise); a listing runs without it (default true). */
  trace?: boolean;
  /** Host folders offered as roots (the audit's --root): copied like a folder argument. */
  roots?: readonly string[];
}

/**
 * Why the command cannot start, checked on the host before the sandbox is made (inside, a missing
 * program would only show as a server that exited): the same errors as an unsandboxed launch.
 */
function commandProblem(command: string, pathEnv: string | undefined, cwd: string | undefined): AuditError | null {
  const gone = cwd === undefined ? null : missingDirectory(cwd);
  if (gone !== null) return gone;
  const file = command.includes('/') ? command : findExecutable(command, pathEnv);
  const code = file === null ? 'ENOENT' : executableProblem(file);
  if (code === null) return null;
  return spawnError(Object.assign(new Error(`${code} ${command}`), { code }), command, undefined);
}

function executableProblem(file: string): string | null {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile() ? null : 'EACCES';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'ENOENT' : 'EACCES';
  }
}

/**
 * The loopback listener the sandbox starts beside the server (listener.ts), or null when there is no
 * script for it; its node and script are bound back like the server's own (a package under a hidden HOME).
 */
function listenerFor(
  callerEnv: Parameters<typeof listenerScript>[0],
  folders: SandboxFolders,
  view: ReturnType<typeof hostView>,
  home: string,
): SandboxListener | null {
  const script = listenerScript(callerEnv);
  if (script === null) return null;
  const listener = {
    node: process.execPath,
    script,
    port: LISTENER_PORT,
    logPath: path.join(folders.root, 'listener.ndjson'),
  };
  for (const file of hostView(listener.node, [listener.script], undefined, home).bound)
    if (!view.bound.includes(file)) view.bound.push(file);
  return listener;
}

/** The descriptors the sandbox command reads and writes, opened (all closed again if one fails), and their release. */
function openDescriptors(files: readonly { path: string; flags: string }[]): {
  descriptors: number[];
  release: () => void;
} {
  const descriptors: number[] = [];
  const release = (): void => {
    for (const fd of descriptors.splice(0)) closeSync(fd);
  };
  try {
    for (const file of files) descriptors.push(openSync(file.path, file.flags === 'w' ? 'w' : 'r', 0o600));
  } catch (error) {
    release();
    throw error;
  }
  return { descriptors, release };
}

export function launchInSandbox(
  target: Extract<AuditTargetSpec, { transport: 'stdio' }>,
  sandbox: SandboxTools,
  folders: SandboxFolders,
  options: LaunchOptions,
): SandboxLaunch {
  const { callerEnv, maxMessageBytes, redactor, onFinished } = options;
  const limits = limitsFor(callerEnv);
  const launch = absoluteLaunch(target.command, target.args, target.cwd ?? process.cwd());
  const env = childEnvironment(target.env, callerEnv).env;
  const home = callerEnv.HOME ?? homedir();
  const view = hostView(launch.command, launch.args, env.PATH ?? callerEnv.PATH, home);
  // A host folder the server is given becomes a copy inside the sandbox; the folders holding its code stay.
  const code = [...view.bound, ...[launch.command, ...view.args].filter(isFile)];
  const planted = new Set(folders.layout.planted.map((file) => path.posix.relative(SANDBOX_WORK, file)));
  const copied = hostFolderPlan(view.args, { cwd: target.cwd ?? process.cwd(), code, planted, roots: options.roots });
  folders.layout = {
    ...folders.layout,
    planted: [
      ...folders.layout.planted,
      ...copied.folders.map((folder) => folder.sandboxPath),
      ...copied.planted.map((file) => file.sandboxPath),
    ],
  };
  const trace = options.trace ?? true;
  const listener = trace ? listenerFor(callerEnv, folders, view, home) : null;
  const root = isRoot();
  const command = sandboxCommand(
    sandbox,
    {
      tracePath: folders.tracePath,
      seccompPath: folders.seccompPath,
      infoPath: folders.infoPath,
      folders: [...folders.folders, ...copied.folders],
      planted: [...folders.planted, ...copied.planted],
      links: folders.links,
      view,
      limits,
      processLimit: root ? null : userProcessCount() + limits.processes,
      trace,
      listener,
      resolvPath: regularFile(RESOLV_CONF) ? folders.resolvPath : null,
    },
    copied.args,
  );
  const { descriptors, release } = openDescriptors(command.descriptors);
  const transport = new ProcessGroupStdioTransport({
    command: command.command,
    args: command.args,
    cwd: folders.root,
    env,
    extraDescriptors: descriptors,
    maxMessageBytes,
    ...(redactor === undefined ? {} : { redactor }),
    ...(onFinished === undefined ? {} : { onFinished }),
    preflight: () => commandProblem(launch.command, env.PATH ?? callerEnv.PATH, target.cwd),
  });
  const watch = new SandboxWatch(folders, folders.layout, limits, view.bound, root);
  const roots = (options.roots ?? []).flatMap((folder) => {
    const copy = copied.mapped.get(path.resolve(target.cwd ?? process.cwd(), folder));
    return copy === undefined ? [] : [copy];
  });
  return {
    transport,
    watch,
    limits: limitsText(limits, root, (sandbox.setpriv ?? null) !== null),
    listener,
    release,
    hostFolders: copied.copies,
    roots,
  };
}
