/**
 * read-outside-folder: given a traversal argument (../ chain, the canary's absolute path, a symlink
 * in the working folder: ../traversal.ts), a tool whose path is confined only by the server read the
 * canary it was aimed at. High, the severity of a contradiction: the tool's own text names the folder
 * it works in (or the server says it enforces one), and it read outside it. Not critical: we chose
 * the path, so the call shows a server that does not confine its paths (CWE-22, a confused deputy a
 * poisoned text can aim at ~/.ssh), not a server that went for the secret by itself (that is
 * read-credentials, on any call whose arguments were not aimed). Seen twice like every contradiction.
 */
import { traversalThrough } from '../traversal';
import { LIMITS, REFERENCE, own, type BehaviourRule } from './rule';

export const readOutsideFolder: BehaviourRule<'read-outside-folder'> = {
  definition: {
    id: 'read-outside-folder',
    severity: 'high',
    title: 'Read outside its folder',
    meaning:
      "Called in the sandbox with a path aimed out of its folder (a ../ chain, an absolute path, a symlink in the working folder pointing at ~/.ssh/id_ed25519), the tool read the canary it was aimed at: the server does not confine the paths it is given, whatever its text says. An agent steered by a poisoned text can read the user's keys through it. The message names the argument that did it.",
    default: null,
    doesNotTell: `Which other paths it reaches, or what it does with what it read. ${LIMITS}`,
    reference: `${REFERENCE}; CWE-22 (path traversal), CWE-59 (link following)`,
  },
  contradiction: true,
  lead: 'Given a path outside its folder, it',
  effects: (calls) => own(calls, (effect, call) => effect.kind === 'canary-read' && call.argumentsFrom === 'traversal'),
  detail: (calls) => {
    const through = [
      ...new Set(
        calls
          .filter((call) => call.argumentsFrom === 'traversal' && call.effects.some((e) => e.kind === 'canary-read'))
          .flatMap((call) => traversalThrough(call.argumentsJson) ?? []),
      ),
    ];
    return through.length === 0 ? '' : ` through ${through.slice(0, 3).join(', ')}`;
  },
};
