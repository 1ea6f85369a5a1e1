/**
 * The sandbox an exercised server runs in (issue 23; docs/security.md "Exercising: the sandbox"):
 * bubblewrap with every namespace unshared (its own network namespace with only a loopback that is
 * down, its own PID namespace), the real filesystem read-only, /run hidden (host sockets), a
 * throwaway writable /tmp holding the sandbox HOME (/tmp/home) and working folder (/tmp/work), and
 * --die-with-parent. strace -f watches the whole tree from outside. Where bubblewrap, strace or user
 * namespaces are missing, the check throws "sandbox-unavailable" naming what to install: exercise
 * never falls back to unsandboxed calls.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { TRACED_SYSCALLS } from '../../core/exercise/effects';
import { AuditError } from '../errors';

export interface SandboxTools {
  bwrap: string;
  strace: string;
  /** "bubblewrap 0.8.0", "strace 6.1". */
  bwrapVersion: string;
  straceVersion: string;
}

/** Sandbox paths as the server sees them. */
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_HOME = '/tmp/home';
export const SANDBOX_WORK = '/tmp/work';

const PROBE_TIMEOUT_MS = 10_000;

/** The first executable `name` on PATH, or null. */
export function findExecutable(name: string, pathEnv: string | undefined): string | null {
  for (const folder of (pathEnv ?? '').split(path.delimiter)) {
    if (folder === '') continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function run(
  file: string,
  args: readonly string[],
  pathEnv = '/usr/bin:/bin',
): Promise<{ ok: boolean; output: string }> {
  const env = { PATH: pathEnv } as unknown as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(file, [...args], { timeout: PROBE_TIMEOUT_MS, env, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ ok: error === null, output: `${stdout}${stderr}`.trim() });
    });
  });
}

function unavailable(message: string, hint: string): AuditError {
  return new AuditError('sandbox-unavailable', message, { hint });
}

const INSTALL_BWRAP =
  'Install the bubblewrap package (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap).';
const INSTALL_STRACE =
  'Install the strace package (Debian/Ubuntu: sudo apt-get install strace; Fedora: sudo dnf install strace).';

let checked: Promise<SandboxTools> | undefined;
let checkedPath: string | undefined;

/**
 * Finds bubblewrap and strace on PATH and proves both work here (a sandbox with every namespace
 * unshared; a traced program). Throws AuditError "sandbox-unavailable" with what to install or enable.
 */
export function checkSandbox(pathEnv: string | undefined = process.env.PATH): Promise<SandboxTools> {
  if (checked !== undefined && checkedPath === pathEnv) return checked;
  checkedPath = pathEnv;
  checked = probe(pathEnv);
  checked.catch(() => {
    checked = undefined;
  });
  return checked;
}

async function probe(pathEnv: string | undefined): Promise<SandboxTools> {
  if (process.platform !== 'linux')
    throw unavailable(
      `Exercising tools needs Linux with bubblewrap; this is ${process.platform}, where no sandbox is available. Nothing was called.`,
      'Run the exercise on Linux (a VM or container with bubblewrap and strace).',
    );
  const bwrap = findExecutable('bwrap', pathEnv);
  if (bwrap === null)
    throw unavailable(
      'Exercising tools needs bubblewrap (bwrap), which is not on PATH; without a sandbox nothing is called.',
      INSTALL_BWRAP,
    );
  const strace = findExecutable('strace', pathEnv);
  if (strace === null)
    throw unavailable(
      'Exercising tools needs strace to watch the sandboxed server, and it is not on PATH; nothing was called.',
      INSTALL_STRACE,
    );
  const sandboxed = await run(bwrap, [...BWRAP_BASE, '--', 'true'], pathEnv);
  if (!sandboxed.ok)
    throw unavailable(
      `bubblewrap could not create a sandbox here (${sandboxed.output.split('\n')[0] ?? 'no message'}); nothing was called.`,
      'Enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 and later kernel.apparmor_restrict_unprivileged_userns=0), or install bubblewrap setuid.',
    );
  const traced = await run(
    strace,
    ['-f', '-qq', '-o', '/dev/null', '-e', 'trace=execve', '--', bwrap, ...BWRAP_BASE, '--', 'true'],
    pathEnv,
  );
  if (!traced.ok)
    throw unavailable(
      `strace could not trace a sandboxed program here (${traced.output.split('\n')[0] ?? 'no message'}); nothing was called.`,
      'Allow ptrace for your user (kernel.yama.ptrace_scope 0 or 1; in a container, a seccomp profile that permits ptrace).',
    );
  const [bwrapVersion, straceVersion] = await Promise.all([run(bwrap, ['--version']), run(strace, ['-V'])]);
  return {
    bwrap,
    strace,
    bwrapVersion: bwrapVersion.output.split('\n')[0] ?? 'bubblewrap',
    straceVersion: (straceVersion.output.split('\n')[0] ?? 'strace').replace(/^strace -- version/, 'strace'),
  };
}

/** Namespaces, read-only root, minimal /dev and /proc, host sockets under /run hidden. */
const BWRAP_BASE = [
  '--unshare-all',
  '--die-with-parent',
  '--new-session',
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--proc',
  '/proc',
  '--tmpfs',
  '/run',
] as const;

/**
 * Host folders under /tmp that the launch names (the server's own files, e.g. a checkout in /tmp):
 * the sandbox's own /tmp would hide them, so each is bound back read-only at the same path. Only
 * the first folder below /tmp is taken, and never the names of the sandbox's home/ and work/.
 */
export function exposedTmpFolders(command: string, args: readonly string[]): string[] {
  const found = new Set<string>();
  for (const word of [command, ...args]) {
    if (!word.startsWith(`${SANDBOX_TMP}/`)) continue;
    const top = word.split('/')[2] ?? '';
    const folder = `${SANDBOX_TMP}/${top}`;
    if (top === '' || folder === SANDBOX_HOME || folder === SANDBOX_WORK) continue;
    try {
      if (statSync(folder).isDirectory()) found.add(folder);
    } catch {
      // Not there: nothing to expose.
    }
  }
  return [...found];
}

/**
 * The command line that runs `command args` in the sandbox under strace: `hostTmp` becomes the
 * sandbox's /tmp (it holds home/ and work/), the trace goes to `tracePath` (outside the sandbox).
 */
export function sandboxCommand(
  tools: Pick<SandboxTools, 'bwrap' | 'strace'>,
  hostTmp: string,
  tracePath: string,
  command: string,
  args: readonly string[],
): { command: string; args: string[] } {
  return {
    command: tools.strace,
    args: [
      '-f',
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
      `trace=${TRACED_SYSCALLS.join(',')}`,
      '--',
      tools.bwrap,
      ...BWRAP_BASE,
      '--bind',
      hostTmp,
      SANDBOX_TMP,
      ...exposedTmpFolders(command, args).flatMap((folder) => ['--ro-bind', folder, folder]),
      '--chdir',
      SANDBOX_WORK,
      '--setenv',
      'HOME',
      SANDBOX_HOME,
      '--setenv',
      'TMPDIR',
      SANDBOX_TMP,
      '--',
      command,
      ...args,
    ],
  };
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
