/**
 * readonly-wrote: readOnlyHint true ("does not modify its environment"), yet any file change, tried
 * or done; a failed removal of a path that was not there (ENOENT) changed nothing and showed no such intent.
 */
import { FILE_CHANGES, LIMITS, REFERENCE, changedNothing, own, type BehaviourRule } from './rule';

export const readonlyWrote: BehaviourRule<'readonly-wrote'> = {
  definition: {
    id: 'readonly-wrote',
    severity: 'high',
    title: 'Claimed read-only, wrote in the sandbox',
    meaning:
      'The tool declares readOnlyHint true (it does not modify its environment), yet called in the sandbox it created, wrote, deleted, renamed or changed the permissions of a file, or tried to (a write to the read-only system fails but shows intent, shown as "tried"). Only the tool\'s own effects count: background (seen with no call open), the server\'s every-call bookkeeping and its start are set aside, and the finding stands only when the tool, re-run alone in a fresh sandbox, does it again. The evidence lines are the traced system calls.',
    default: null,
    doesNotTell: `Whether the write matters (a cache, a log, or your data). ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: true,
  lead: 'Claims read-only; called in the sandbox it',
  effects: (calls, claims) =>
    claims.includes('read-only')
      ? own(calls, (effect) => FILE_CHANGES.has(effect.kind) && !changedNothing(effect))
      : [],
};
