/**
 * A guard for one sandbox host folder (issue 48): a small shell, in its own session, that waits on a
 * pipe from this process and removes the folder when the pipe closes. This process closes it once it
 * has removed the folder itself (the guard then exits); when this process is killed (kill -9, where
 * no exit hook runs) the kernel closes it, and the guard removes what is left within moments. The
 * sandbox itself dies with this process on its own (setpriv --pdeathsig, sandbox.ts).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Writable } from 'node:stream';

const GUARD = 'read -r _; rm -rf -- "$1"';

/** Starts the guard of `root`; the returned function ends it (after the folder has been removed). */
export function guardFolder(root: string): () => void {
  let child: ChildProcessByStdio<Writable, null, null>;
  try {
    child = spawn('/bin/sh', ['-c', GUARD, 'hintcheck-folder-guard', root], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      env: { PATH: '/usr/bin:/bin' } as unknown as NodeJS.ProcessEnv,
    });
  } catch {
    // No shell: the next start's sweep (scratch-sweep.ts) removes a folder left behind.
    return () => undefined;
  }
  child.on('error', () => undefined);
  child.stdin.on('error', () => undefined);
  child.unref();
  // Neither the guard nor its pipe keeps this process alive.
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  const stdin = child.stdin;
  return () => {
    stdin.end();
  };
}
