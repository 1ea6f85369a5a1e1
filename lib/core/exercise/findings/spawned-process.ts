/** spawned-process: the tool ran another program (execve); no hint speaks of processes, so it contradicts none. */
import { LIMITS, REFERENCE, own, type BehaviourRule } from './rule';

export const spawnedProcess: BehaviourRule<'spawned-process'> = {
  definition: {
    id: 'spawned-process',
    severity: 'medium',
    title: 'Started another program',
    meaning:
      "Called in the sandbox, the tool ran another program (execve). No hint speaks of processes, but whatever the program does is done with the server's rights.",
    default: null,
    doesNotTell: `Whether the program is harmful (git, a shell, a compiler). ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: false,
  lead: 'Called in the sandbox, it',
  effects: (calls) => own(calls, (effect) => effect.kind === 'exec'),
};
