/** The catalogue of tool-resolution findings (one rule per file in this folder) and the check of one resolution. */
import { catalogue, type Finding } from '../finding';
import { RESOLVE_MALFORMED_DEFINITION, malformedFindings } from './answer-malformed';
import { RESOLVE_EXECUTED_DEFINITION, executedFindings, type ResolveEvidence } from './executed';
import { resolvedAnnotations } from './resolvable';
import { RESOLVE_WIDENS_DEFINITION, widensFindings } from './widens-hints';

const RESOLVE_FINDINGS = catalogue([
  RESOLVE_WIDENS_DEFINITION,
  RESOLVE_EXECUTED_DEFINITION,
  RESOLVE_MALFORMED_DEFINITION,
]);

export const RESOLVE_FINDING_IDS = RESOLVE_FINDINGS.ids;
export type ResolveFindingId = (typeof RESOLVE_FINDING_IDS)[number];
export const RESOLVE_FINDING_DEFINITIONS = RESOLVE_FINDINGS.byId;

/** One resolution as observed: the answer (or the error), what was sent, and the sandbox's evidence. */
export interface Resolution {
  tool: string;
  staticAnnotations: unknown;
  argumentsSent: Record<string, unknown>;
  answer: { result: unknown } | { error: string };
  /** From the exercise sandbox (local servers); null for a hosted server (not observable). */
  evidence: ResolveEvidence | null;
}

export function resolutionFindings(resolution: Resolution): Finding<ResolveFindingId>[] {
  const executed = executedFindings(resolution.evidence);
  if ('error' in resolution.answer) return [...executed, ...malformedFindings(resolution.answer.error)];
  const read = resolvedAnnotations(resolution.answer.result, resolution.tool);
  if ('problem' in read) return [...executed, ...malformedFindings(read.problem)];
  const sent = JSON.stringify(resolution.argumentsSent);
  return [
    ...executed,
    ...widensFindings(
      resolution.staticAnnotations,
      read.annotations,
      sent.length > 120 ? `${sent.slice(0, 120)}…` : sent,
    ),
  ];
}
