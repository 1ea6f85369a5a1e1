/**
 * The exercise at a glance (issue 34), the one summary the CLI, the dashboard and the print document
 * show first: how many tools ended in each status, how many of the listed tools were reached and why
 * the rest were not (issue 47.4: each reason with its class, grouped: the same reason once, with its
 * tools; core/exercise/reach.ts), the calls left out of tools reached, the server-level findings, and
 * what this run proved and cannot prove.
 */
import type { Report } from './report';
import { outcomeText } from '../exercise/judge';
import { failedCallsReason, reachOf, unreachedReason, wasReached } from '../exercise/reach';
import type { BehaviourStatus, CallRecord, Reach, ReachReason, ServerFinding } from '../exercise/schema';
import { BEHAVIOUR_STATUSES, REACH_REASONS } from '../exercise/schema';

export interface ExerciseOverview {
  counts: { status: BehaviourStatus; tools: number }[];
  /** Tools reached of tools listed, and the classes of the rest. */
  reach: Reach;
  /** The same in one line: "reached 3 of 5 tools; not reached: no-claim 1, needs-id 1". */
  reachLine: string;
  /** Why tools were not reached: a class, the reason in words and the tools it applies to (not called, or called and failed). */
  reasons: { kind: ReachReason; reason: string; tools: string[] }[];
  /** Calls left out of tools that were reached (an action value's, a traversal's), and why. */
  leftOut: { kind: ReachReason; reason: string; tools: string[] }[];
  serverFindings: ServerFinding[];
  proved: string;
  cannotProve: string;
}

const CANNOT_PROVE =
  'It cannot prove a tool honest: only one set of arguments was tried per tool, in a sandbox without network and with an empty HOME; other arguments, a server that detects the sandbox, or the same server elsewhere may behave differently. A tool not exercised was not checked at all.';

/** The failure's kind and the start of its message, the tool's name taken out: calls that failed alike are one reason. */
function failureReason(tool: string, calls: readonly CallRecord[]): string {
  const call = calls[0];
  if (call === undefined) return 'not called';
  const { kind, listing } = failedCallsReason(calls);
  if (kind === 'needs-id' && listing !== null) return `${REACH_REASONS['needs-id']} (${listing} gave none)`;
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

function reachLine(reach: Reach): string {
  const classes = reach.notReached.map(({ kind, tools }) => `${kind} ${tools.length}`).join(', ');
  return `reached ${reach.reached} of ${reach.listed} tools${classes === '' ? '' : `; not reached: ${classes}`}`;
}

/** Reasons grouped: the same class and words once, with their tools in order. */
class Grouped {
  private readonly groups = new Map<string, { kind: ReachReason; reason: string; tools: string[] }>();

  add(kind: ReachReason, reason: string, tool: string): void {
    const key = `${kind}\u0000${reason}`;
    const group = this.groups.get(key) ?? { kind, reason, tools: [] };
    if (!group.tools.includes(tool)) group.tools.push(tool);
    this.groups.set(key, group);
  }

  list(): { kind: ReachReason; reason: string; tools: string[] }[] {
    return [...this.groups.values()];
  }
}

export function exerciseOverview(report: Report): ExerciseOverview | null {
  const facts = report.exercise;
  if (facts === undefined) return null;
  const behaviours = report.tools.flatMap((tool) =>
    tool.behaviour === undefined ? [] : [[tool.name, tool.behaviour] as const],
  );
  const count = (status: BehaviourStatus): number => behaviours.filter(([, b]) => b.status === status).length;
  const reach = reachOf(report.tools, facts.skipped);
  const reasons = new Grouped();
  for (const tool of report.tools) {
    if (wasReached(tool)) continue;
    const kind = unreachedReason(tool, facts.skipped);
    const skipped = facts.skipped.filter((entry) => entry.tool === tool.name).at(-1);
    const reason =
      tool.behaviour !== undefined
        ? `called, failed: ${failureReason(tool.name, tool.behaviour.calls)}`
        : `not called: ${skipped?.reason ?? REACH_REASONS[kind]}`;
    reasons.add(kind, reason, tool.name);
  }
  const leftOut = new Grouped();
  const reached = new Set(report.tools.filter(wasReached).map((tool) => tool.name));
  for (const entry of facts.skipped)
    if (reached.has(entry.tool)) leftOut.add(entry.kind ?? 'unclassified', entry.reason, entry.tool);
  return {
    counts: BEHAVIOUR_STATUSES.map((status) => ({
      status,
      tools: status === 'not-exercised' ? reach.listed - reach.reached : count(status),
    })),
    reach,
    reachLine: reachLine(reach),
    reasons: reasons.list(),
    leftOut: leftOut.list(),
    serverFindings: facts.serverFindings ?? [],
    proved: proved(count('contradicted'), count('clean'), count('inconclusive')),
    cannotProve: CANNOT_PROVE,
  };
}
