/**
 * The exercise at a glance (issue 34), the one summary the CLI, the dashboard and the print document
 * show first: how many tools ended in each status, why tools were not exercised (grouped: the same
 * reason once, with its tools), the server-level findings, and what this run proved and cannot prove.
 */
import type { Report } from './report';
import { outcomeText } from '../exercise/judge';
import type { BehaviourStatus, CallRecord, ServerFinding } from '../exercise/schema';
import { BEHAVIOUR_STATUSES } from '../exercise/schema';

export interface ExerciseOverview {
  counts: { status: BehaviourStatus; tools: number }[];
  /** Why tools were not exercised: a reason and the tools it applies to (not called, or called and failed). */
  reasons: { reason: string; tools: string[] }[];
  serverFindings: ServerFinding[];
  proved: string;
  cannotProve: string;
}

const CANNOT_PROVE =
  'It cannot prove a tool honest: only one set of arguments was tried per tool, in a sandbox without network and with an empty HOME; other arguments, a server that detects the sandbox, or the same server elsewhere may behave differently. A tool not exercised was not checked at all.';

/** The failure's kind and the start of its message, the tool's name taken out: calls that failed alike are one reason. */
function failureReason(tool: string, call: CallRecord | undefined): string {
  if (call === undefined) return 'not called';
  const text = outcomeText(call).split(tool).join('…');
  const cut = text.split(/[.;]\s|\s\(/)[0] ?? text;
  return cut.length > 120 ? `${cut.slice(0, 120)}…` : cut;
}

function proved(contradicted: number, clean: number, inconclusive: number): string {
  const parts: string[] = [];
  if (contradicted > 0)
    parts.push(
      `${contradicted} tool${contradicted === 1 ? '' : 's'} did what ${contradicted === 1 ? 'its hints deny' : 'their hints deny'}, seen twice (the call, then again alone in a fresh sandbox)`,
    );
  if (clean > 0)
    parts.push(
      `${clean} tool${clean === 1 ? '' : 's'} succeeded with the arguments sent and nothing traced contradicted ${clean === 1 ? 'its' : 'their'} hints`,
    );
  if (inconclusive > 0) parts.push(`${inconclusive} looked contradicted once and not again: not an accusation`);
  return parts.length === 0 ? 'Nothing: no tool was exercised successfully.' : `${parts.join('; ')}.`;
}

export function exerciseOverview(report: Report): ExerciseOverview | null {
  const facts = report.exercise;
  if (facts === undefined) return null;
  const behaviours = report.tools.flatMap((tool) =>
    tool.behaviour === undefined ? [] : [[tool.name, tool.behaviour] as const],
  );
  const count = (status: BehaviourStatus): number => behaviours.filter(([, b]) => b.status === status).length;
  const grouped = new Map<string, string[]>();
  const add = (reason: string, tool: string): void => {
    grouped.set(reason, [...(grouped.get(reason) ?? []), tool]);
  };
  for (const [name, behaviour] of behaviours)
    if (behaviour.status === 'not-exercised') add(`called, failed: ${failureReason(name, behaviour.calls[0])}`, name);
  for (const skipped of facts.skipped) add(`not called: ${skipped.reason}`, skipped.tool);
  const notExercised = count('not-exercised') + facts.skipped.length;
  return {
    counts: BEHAVIOUR_STATUSES.map((status) => ({
      status,
      tools: status === 'not-exercised' ? notExercised : count(status),
    })),
    reasons: [...grouped].map(([reason, tools]) => ({ reason, tools })),
    serverFindings: facts.serverFindings ?? [],
    proved: proved(count('contradicted'), count('clean'), count('inconclusive')),
    cannotProve: CANNOT_PROVE,
  };
}
