/**
 * idempotent-differed: idempotentHint true, yet the repeat changed the writable folders again
 * (snapshots), the server's bookkeeping aside.
 */
import type { Effect } from '../schema';
import { FILE_CHANGES, LIMITS, REFERENCE, type BehaviourRule } from './rule';

export const idempotentDiffered: BehaviourRule<'idempotent-differed'> = {
  definition: {
    id: 'idempotent-differed',
    severity: 'high',
    title: 'Claimed idempotent, the repeat changed more',
    meaning:
      'The tool declares idempotentHint true (repeating a call with the same arguments has no further effect), yet the second identical call in the sandbox changed files again (different content, a new file, an append).',
    default: null,
    doesNotTell: `Whether the difference is harmful (a counter, a log line, a duplicate record). ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: true,
  lead: 'Claims idempotent; the second identical call',
  effects: (calls, claims) => {
    if (!claims.includes('idempotent')) return [];
    // State, not system calls: an atomic write makes a fresh temporary name each time, yet leaves
    // the same file behind. The repeat differs when it changed the writable folders again.
    const second = calls.filter((call) => call.round === 2);
    return second.flatMap((call) =>
      call.changed.flatMap((path): Effect[] => {
        const traced = call.effects.filter((effect) => effect.target === path && FILE_CHANGES.has(effect.kind));
        // The server's bookkeeping (a log on every call) changes again on any repeat: not this tool's.
        if (traced.length > 0 && traced.every((effect) => effect.aside !== undefined)) return [];
        const first = traced[0];
        return [
          {
            kind: 'overwrite',
            area: path.startsWith('~') ? 'home' : path.startsWith('.') ? 'work' : 'tmp',
            target: `${path} again (its content differs after the second identical call)`,
            to: null,
            ok: true,
            error: null,
            phase: first?.phase ?? 'during',
            atMs: first?.atMs ?? 0,
            evidence: first?.evidence ?? `${path}: content differs after the second identical call`,
          },
        ];
      }),
    );
  },
};
