/**
 * read-credentials: the tool opened a canary planted where credentials live, whatever it claims, on a
 * call whose arguments were not aimed at it (a traversal call's read is read-outside-folder).
 */
import { LIMITS, REFERENCE, own, type BehaviourRule } from './rule';

export const readCredentials: BehaviourRule<'read-credentials'> = {
  definition: {
    id: 'read-credentials',
    severity: 'high',
    title: 'Read a planted credential',
    meaning:
      'Called in the sandbox, the tool opened a canary file planted where credentials live (~/.ssh/id_ed25519, ~/.aws/credentials, .env in the working folder). Each canary holds a unique marker and no real secret.',
    default: null,
    doesNotTell: `What it would do with a real credential; the sandbox has no network to send one. ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: true,
  lead: 'Called in the sandbox, it',
  effects: (calls) => own(calls, (effect, call) => effect.kind === 'canary-read' && call.argumentsFrom !== 'traversal'),
};
