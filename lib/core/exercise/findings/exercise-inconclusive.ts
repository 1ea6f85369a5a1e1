/**
 * exercise-inconclusive: the sandbox's own doubt (issue 33). Raised by ../judge.ts from a refused
 * system call, a run whose trace is incomplete, or a tool that looked contradicted and could not be
 * re-run alone to confirm it (issue 48), never from one effect; high, so it gates like a
 * contradiction: the gate fails closed.
 */
import { LIMITS, REFERENCE, type BehaviourRule } from './rule';

export const exerciseInconclusive: BehaviourRule<'exercise-inconclusive'> = {
  definition: {
    id: 'exercise-inconclusive',
    severity: 'high',
    title: 'Exercised, but the evidence is incomplete',
    meaning:
      "Called in the sandbox, the tool did something the sandbox cannot see through and therefore refuses (io_uring, mknod, opening by handle, mounting, another process's memory), or the run's trace is incomplete (past its size cap, the tracer lost), or the tool looked contradicted once and could not be re-run alone in a fresh sandbox to confirm it (the time budget spent first, the run cancelled, the re-run not answered): the finding says what it looked like, with the evidence. Nothing contradicting the hints was confirmed, but nothing can be called clean either: an inconclusive tool gates like a contradiction under --fail-on.",
    default: null,
    doesNotTell: `What the refused call would have done, what the lost part of the trace held, or whether a contradiction seen once would have been seen again. ${LIMITS}`,
    reference: REFERENCE,
  },
  contradiction: false,
  lead: 'Called in the sandbox, the evidence is incomplete:',
  effects: () => [],
};
