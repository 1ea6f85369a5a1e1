/**
 * Whether the exercise's sandbox can run here (docs/security.md "Exercising: the sandbox"): Linux on
 * an architecture the seccomp filter knows (x86-64, aarch64), bubblewrap 0.8.0 or later (it must
 * drop capabilities, refuse nested user namespaces and take a seccomp program), strace, and
 * prlimit (util-linux); then a real sandbox with the exercise's own isolation flags is made, and a
 * traced one. Where anything is missing the check throws "sandbox-unavailable" naming what to
 * install or enable: the exercise never falls back to unsandboxed calls.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { seccompArch } from '../../core/exercise/seccomp';
import { AuditError } from '../errors';
import { BWRAP_ISOLATION } from './sandbox-flags';

export interface SandboxTools {
  bwrap: string;
  strace: string;
  prlimit: string;
  /** "bubblewrap 0.8.0", "strace 6.1". */
  bwrapVersion: string;
  straceVersion: string;
  /**
   * Whether strace translates the ids a process in the sandbox's PID namespace sees (--pidns-translation,
   * strace 5.9): a clone's result is then the traced id too, and lineage can be read (lineage.ts).
   */
  pidnsTranslation?: boolean;
  /**
   * setpriv (util-linux 2.33+) when it can set a parent-death signal: the traced sandbox then starts
   * as `setpriv --pdeathsig KILL -- prlimit … strace …`, so strace (and bubblewrap after it,
   * --die-with-parent) dies with the process that started it, however that one ends (issue 48).
   * null: not found, and the report's limits say the sandbox may outlive a killed caller.
   */
  setpriv?: string | null;
}

const PROBE_TIMEOUT_MS = 10_000;
/** --disable-userns and --assert-userns-disabled arrived in bubblewrap 0.8.0. */
const BWRAP_MINIMUM = [0, 8, 0] as const;

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
  'Install the bubblewrap package, 0.8.0 or later (Debian 12+/Ubuntu 24.04+: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap).';
const INSTALL_STRACE =
  'Install the strace package (Debian/Ubuntu: sudo apt-get install strace; Fedora: sudo dnf install strace).';
const INSTALL_PRLIMIT = 'Install util-linux, which provides prlimit (Debian/Ubuntu: sudo apt-get install util-linux).';

/** "bubblewrap 0.8.0" → [0, 8, 0]; null when no version is printed. */
export function parseBwrapVersion(text: string): number[] | null {
  const match = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  return match === null ? null : [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

export function bwrapIsRecentEnough(version: readonly number[]): boolean {
  for (let i = 0; i < BWRAP_MINIMUM.length; i += 1) {
    const have = version[i] ?? 0;
    const need = BWRAP_MINIMUM[i] ?? 0;
    if (have !== need) return have > need;
  }
  return true;
}

let checked: Promise<SandboxTools> | undefined;
let checkedPath: string | undefined;

/**
 * Finds bubblewrap, strace and prlimit on PATH and proves they work here. Throws AuditError
 * "sandbox-unavailable" with what to install or enable.
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

function found(name: string, pathEnv: string | undefined, message: string, hint: string): string {
  const file = findExecutable(name, pathEnv);
  if (file === null) throw unavailable(message, hint);
  return file;
}

async function probe(pathEnv: string | undefined): Promise<SandboxTools> {
  if (process.platform !== 'linux')
    throw unavailable(
      `Exercising tools needs Linux with bubblewrap; this is ${process.platform}, where no sandbox is available. Nothing was called.`,
      'Run the exercise on Linux (a VM or container with bubblewrap and strace).',
    );
  if (seccompArch(process.arch) === null)
    throw unavailable(
      `Exercising tools needs an x86-64 or aarch64 Linux machine (the sandbox's system-call filter is written for those); this one is ${process.arch}. Nothing was called.`,
      'Run the exercise on an x86-64 or aarch64 Linux machine.',
    );
  const missing = 'is not on PATH; without a sandbox nothing is called.';
  const bwrap = found('bwrap', pathEnv, `Exercising tools needs bubblewrap (bwrap), which ${missing}`, INSTALL_BWRAP);
  const strace = found('strace', pathEnv, `Exercising tools needs strace, which ${missing}`, INSTALL_STRACE);
  const prlimit = found('prlimit', pathEnv, `Exercising tools needs prlimit, which ${missing}`, INSTALL_PRLIMIT);
  const bwrapVersion = (await run(bwrap, ['--version'])).output.split('\n')[0] ?? '';
  const version = parseBwrapVersion(bwrapVersion);
  if (version === null || !bwrapIsRecentEnough(version))
    throw unavailable(
      `Exercising tools needs bubblewrap 0.8.0 or later (to drop every capability and refuse nested user namespaces); this one says "${bwrapVersion.slice(0, 80)}". Nothing was called.`,
      INSTALL_BWRAP,
    );
  const sandboxed = await run(bwrap, [...BWRAP_ISOLATION, '--ro-bind', '/', '/', '--', 'true'], pathEnv);
  if (!sandboxed.ok)
    throw unavailable(
      `bubblewrap could not create a sandbox here (${sandboxed.output.split('\n')[0] ?? 'no message'}); nothing was called.`,
      'Enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 and later kernel.apparmor_restrict_unprivileged_userns=0). A setuid bubblewrap cannot refuse nested user namespaces and is not enough.',
    );
  // --seccomp-bpf as the exercise runs it (sandbox.ts): strace 5.3 or later.
  const traced = await run(
    strace,
    [
      '-f',
      '--seccomp-bpf',
      '-qq',
      '-o',
      '/dev/null',
      '-e',
      'trace=execve',
      '--',
      bwrap,
      ...BWRAP_ISOLATION,
      '--ro-bind',
      '/',
      '/',
      '--',
      'true',
    ],
    pathEnv,
  );
  if (!traced.ok)
    throw unavailable(
      `strace could not trace a sandboxed program here (${traced.output.split('\n')[0] ?? 'no message'}); nothing was called.`,
      'Allow ptrace for your user (kernel.yama.ptrace_scope 0 or 1; in a container, a seccomp profile that permits ptrace), and use strace 5.3 or later (--seccomp-bpf).',
    );
  const straceVersion = (await run(strace, ['-V'])).output.split('\n')[0] ?? 'strace';
  const pidnsTranslation = (await run(strace, ['--pidns-translation', '-qq', '-o', '/dev/null', '--', 'true'], pathEnv))
    .ok;
  const straceName = straceVersion.replace(/^strace -- version/, 'strace');
  const setprivFile = findExecutable('setpriv', pathEnv);
  const setpriv =
    setprivFile !== null && (await run(setprivFile, ['--pdeathsig', 'KILL', '--', 'true'], pathEnv)).ok
      ? setprivFile
      : null;
  return { bwrap, strace, prlimit, bwrapVersion, straceVersion: straceName, pidnsTranslation, setpriv };
}
