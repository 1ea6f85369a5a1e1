/**
 * Whose a sandbox's host folder is (issue 48): each folder (hintcheck-exercise-XXXXXX in the temporary
 * folder) holds an owner record, the process that made it (its PID, its start time in clock ticks
 * since boot from /proc/<pid>/stat, so a reused PID is another process, and its PID namespace, so a
 * process in another namespace is never judged by a PID this one cannot see). A folder a killed run
 * left behind is removed at the next start only when its name is the project's own, it belongs to
 * the same user, and its owner is known and gone; a folder without a readable record is left alone.
 */

export const SCRATCH_PREFIX = 'hintcheck-exercise-';
/** mkdtemp's six random characters after the prefix. */
const SCRATCH_NAME = /^hintcheck-exercise-[A-Za-z0-9]{6}$/;
export const OWNER_FILE = 'owner.json';

export interface ScratchOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
  start: number;
  /** The PID namespace the PID is in (readlink /proc/self/ns/pid). */
  pidNamespace: string;
}

export const isScratchName = (name: string): boolean => SCRATCH_NAME.test(name);

export const ownerText = (owner: ScratchOwner): string => `${JSON.stringify(owner)}\n`;

/** The owner record, or null when it is not one (unreadable, another shape). */
export function parseOwner(text: string): ScratchOwner | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { pid, start, pidNamespace } = value as Record<string, unknown>;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1) return null;
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 0) return null;
  if (typeof pidNamespace !== 'string' || pidNamespace === '') return null;
  return { pid, start, pidNamespace };
}

/** A process's start time from its /proc/<pid>/stat line (after the command, which may hold spaces and parentheses). */
export function startTimeOf(statLine: string): number | null {
  const afterName = statLine
    .slice(statLine.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  // Fields from 3 (state) on; the start time is field 22.
  const value = Number(afterName[22 - 3]);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Whether a folder's owner is gone: recorded in this PID namespace, and its PID runs no process
 * (`stat` null) or another one (a different start time).
 */
export function ownerGone(owner: ScratchOwner, here: string, stat: string | null): boolean {
  if (owner.pidNamespace !== here) return false;
  if (stat === null) return true;
  return startTimeOf(stat) !== owner.start;
}
