/**
 * exercise-inconclusive: the sandbox's own doubt (issue 33). Raised by ../judge.ts from a refused
 * system call or a run whose trace is incomplete, never from one effect; high, so it gates like a
 * contradiction.
 */
import { LIMITS, REFERENCE, type BehaviourRule } from './rule';

export const exerciseInconclusive: BehaviourRule<'exercise-inconclusive'> = {
  definition: {
    id: 'exercise-inconclusive',
    severity: 'high',
    title: 'Exercised, but the evidence is incomplete',
    meaning:
      "Called in the sandbox, the tool did something the sandbox cannot see through and therefore refuses (io_uring, mknod, opening by handle, mounting, another process's memory), or the run's trace is incomplete (past its size cap, the tracer lost). Nothing contradicted the hints, but nothing can be called clean either: an inconclusive tool gates like a contradiction under --fail-on.",
    default: null,
    doesNotTell: `What the refused call would have done, or what the lost part of the trace held. ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: false,
  lead: 'Called in the sandbox, the evidence is incomplete:',
  effects: () => [],
};
