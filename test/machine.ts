// What this machine lacks for the tests that skip without it (the sandbox's tools, LibreOffice), in
// words: test/global-setup.ts writes the list where `npm test` (scripts/test.mjs) reads it, so the
// closing line says why tests were skipped, and CI fails when the sandbox tests were (issue 49).
import { execFileSync } from 'node:child_process';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { AS_NOBODY, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';

export interface MachineGap {
  /** `sandbox`: the behaviour check's tests (bubblewrap, strace, a loopback-only namespace, uid 65534). */
  area: 'sandbox' | 'spreadsheet';
  reason: string;
}

function onPath(name: string): boolean {
  return findExecutable(name, process.env.PATH) !== null;
}

function hasSoffice(): boolean {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/** Each tool or permission the skipping tests need and this machine has not, with the reason. */
export function machineGaps(): MachineGap[] {
  const gaps: MachineGap[] = [];
  if (!onPath('bwrap')) gaps.push({ area: 'sandbox', reason: 'bubblewrap (bwrap) is not on PATH' });
  if (!onPath('strace')) gaps.push({ area: 'sandbox', reason: 'strace is not on PATH' });
  if (SANDBOX && !LOOPBACK_ONLY)
    gaps.push({ area: 'sandbox', reason: '`unshare -rn true` fails (no user or network namespace here)' });
  if (SANDBOX && process.getuid?.() === 0 && !AS_NOBODY)
    gaps.push({ area: 'sandbox', reason: '`setpriv --reuid=65534` fails (the unprivileged runs are skipped)' });
  if (SANDBOX && process.getuid?.() !== 0)
    gaps.push({ area: 'sandbox', reason: 'not run as root (the runs as uid 65534 are skipped)' });
  if (!hasSoffice()) gaps.push({ area: 'spreadsheet', reason: 'LibreOffice (soffice) is not on PATH' });
  return gaps;
}
