// What this machine allows the sandbox tests (issues 23, 33, 34): bubblewrap and strace on PATH, a
// loopback-only network namespace (unshare -rn) to run the CLI in, and, as root, dropping to uid 65534
// (setpriv) to check an unprivileged user's sandbox the same way; and the CLI's exercise run in that
// namespace, as the corpus, listener and reuse tests run it.
import { execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { Report } from '../lib/core/report/report';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { CLI } from './helpers';

export function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

export const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
export const LOOPBACK_ONLY = works('unshare', ['-rn', 'true']);
export const NOBODY = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
export const AS_NOBODY = process.getuid?.() === 0 && works('setpriv', [...NOBODY.slice(1), 'true']);

/** Who runs a sandbox test: root, and where the machine allows it uid 65534 (`prefix` before the command). */
export const USERS = [
  { who: 'root', prefix: [] as string[] },
  ...(AS_NOBODY ? [{ who: 'nobody', prefix: NOBODY }] : []),
];

/**
 * `audit --exercise --yes --no-history --format json` of `server` (run by this Node) in a
 * loopback-only namespace, with only PATH, a temporary HOME and NO_COLOR: the Report and stdout.
 * `as` runs it as another user (a USERS prefix).
 */
export function exerciseLoopbackOnly(
  server: readonly string[],
  options: { extra?: readonly string[]; cwd?: string; as?: readonly string[] } = {},
): Promise<{ report: Report; stdout: string }> {
  const args = ['-rn', process.execPath, CLI, 'audit', '--exercise', ...(options.extra ?? []), '--yes', '--no-history'];
  const all = [...(options.as ?? []), 'unshare', ...args, '--format', 'json', '--', process.execPath, ...server];
  return new Promise((resolve, reject) => {
    const child = spawn(all[0] ?? 'unshare', all.slice(1), {
      cwd: options.cwd ?? tmpdir(),
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', () => {
      try {
        resolve({ report: JSON.parse(stdout) as Report, stdout });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
