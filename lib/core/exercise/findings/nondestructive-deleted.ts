/**
 * nondestructive-deleted: destructiveHint false ("only additive updates"), yet deleting or overwriting
 * a path that existed when the call began, whoever made it (planted, the server at its start, an
 * earlier call), not one the same call made (../attribute.ts `own`); an atomic rewrite that left the
 * file byte-identical (an overwrite of a writable-folder path the snapshot did not see change), or
 * that kept every old byte in order (../kept.ts), is additive; a failed call on a missing file
 * (ENOENT) is nothing. A file opened for writing (not
 * appending) that the snapshot saw change without growing was rewritten in place: an overwrite too,
 * whatever wrote it (a plain write through an O_RDWR descriptor is not traced; issue 48).
 */
import type { CallRecord, Effect, EffectKind } from '../schema';
import { LIMITS, REFERENCE, own, type BehaviourRule } from './rule';

const DESTRUCTIVE: ReadonlySet<EffectKind> = new Set(['delete', 'overwrite']);

/** An overwrite the snapshots show left the file as it was, or only added to it (an atomic rewrite of a growing store). */
function leftIdentical(effect: Effect, call: CallRecord): boolean {
  if (effect.kind !== 'overwrite' || !effect.ok || effect.area === 'system') return false;
  return !call.changed.includes(effect.target) || call.kept?.includes(effect.target) === true;
}

/** A write through a descriptor opened for writing, onto a file the snapshot saw rewritten in place: an overwrite. */
const inPlace = (effect: Effect, call: CallRecord): Effect =>
  effect.kind === 'write' && effect.ok && call.rewritten?.includes(effect.target) === true
    ? { ...effect, kind: 'overwrite' }
    : effect;

export const nondestructiveDeleted: BehaviourRule<'nondestructive-deleted'> = {
  definition: {
    id: 'nondestructive-deleted',
    severity: 'high',
    title: 'Claimed additive, deleted or overwrote a file',
    meaning:
      'The tool declares destructiveHint false (only additive updates), yet called in the sandbox it deleted, truncated or overwrote a file that existed when the call began, whoever made it (planted, user data, a store the server made at its start or an earlier call made; not a file the same call made, a temporary file or lock folder of its own), in place too (ftruncate, a fallocate that punches a hole, or a file opened for writing that the snapshot saw change without growing). An atomic rewrite (temporary file, then rename) that left the file byte-identical, or kept every byte it held in order (only added), is additive. A failed call on a missing file (ENOENT) is nothing; a refused one (EROFS) is shown as "tried".',
    default: null,
    doesNotTell: `Whether the file held anything of value. ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: true,
  lead: 'Claims additive (destructiveHint false); called in the sandbox it',
  effects: (calls, claims) =>
    claims.includes('non-destructive')
      ? own(
          calls.map((call) => ({ ...call, effects: call.effects.map((effect) => inPlace(effect, call)) })),
          (effect, call) =>
            DESTRUCTIVE.has(effect.kind) &&
            effect.own !== true &&
            effect.error !== 'ENOENT' &&
            !leftIdentical(effect, call),
        )
      : [],
};
