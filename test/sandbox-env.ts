// What this machine allows the sandbox tests (issues 23, 33, 34): bubblewrap and strace on PATH, a
// loopback-only network namespace (unshare -rn) to run the CLI in, and, as root, dropping to uid 65534
// (setpriv) to check an unprivileged user's sandbox the same way.
import { execFileSync } from 'node:child_process';
import { findExecutable } from '../lib/server/exercise/sandbox';

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
