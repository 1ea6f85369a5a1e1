/**
 * An additive rewrite (issue 47): a file that existed when a call began and that the call replaced
 * (written anew with O_TRUNC, renamed over, truncated) destroyed nothing when every byte it held is
 * still there, in order, in what replaced it: the new content is the old with bytes inserted (a
 * JSON Lines store rewritten with one more observation, server-memory's saveGraph). Anything removed
 * or changed and the replacement is a deletion of what was there. Judged on the snapshots' bytes
 * (small files only: lib/server/exercise/snapshot.ts); a file too large to keep is judged as replaced.
 * A change that moves bytes about can pass the test (a miss, never an accusation).
 */

/** Whether `before` is a subsequence of `after`: every byte of it still there, in order. */
export function onlyAdded(before: Uint8Array, after: Uint8Array): boolean {
  if (before.length > after.length) return false;
  let at = 0;
  for (let index = 0; index < after.length && at < before.length; index += 1) if (after[index] === before[at]) at += 1;
  return at === before.length;
}

/** The files in both snapshots, changed, whose old bytes all survive in the new (sorted). */
export function keptPaths(
  before: ReadonlyMap<string, Uint8Array>,
  after: ReadonlyMap<string, Uint8Array>,
  changed: readonly string[],
): string[] {
  return changed.filter((path) => {
    const old = before.get(path);
    const now = after.get(path);
    return old !== undefined && now !== undefined && onlyAdded(old, now);
  });
}
