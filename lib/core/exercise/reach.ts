/**
 * Tools reached of tools listed (issue 47.4), and why the rest were not, each in one class of
 * REACH_REASONS. A tool is reached when a call of it was judged: any status but not-exercised. A tool
 * never called takes the class its exercise recorded when it left it out (the last entry of it in
 * `skipped`: a whole tool's, or the stop that came before its calls); a tool called whose every call
 * failed takes its calls' class: an id field a listing should have filled and did not (needs-id),
 * else how its first call failed. An entry of `skipped` for a tool that was reached is a call left out
 * (an action value's, a traversal's), not a tool unreached.
 */
import type { BehaviourStatus, CallRecord, Reach, ReachReason, Skipped } from './schema';

/** The class of a called tool whose every call failed. */
export function failedCallsReason(calls: readonly Pick<CallRecord, 'outcome' | 'argumentsFrom' | 'idsFrom'>[]): {
  kind: ReachReason;
  /** The listing tool that gave no id (needs-id), else null. */
  listing: string | null;
} {
  const awaited = calls.filter((call) => call.idsFrom !== undefined);
  const listing = awaited[0]?.idsFrom;
  if (listing !== undefined && awaited.every((call) => call.argumentsFrom !== 'reused'))
    return { kind: 'needs-id', listing };
  const first = calls[0]?.outcome;
  if (first === 'tool-error') return { kind: 'error-answer', listing: null };
  if (first === 'rejected' || first === 'timeout' || first === 'server-exited') return { kind: first, listing: null };
  return { kind: 'unclassified', listing: null };
}

interface ListedTool {
  name: string;
  behaviour?: { status: BehaviourStatus; calls: Pick<CallRecord, 'outcome' | 'argumentsFrom' | 'idsFrom'>[] };
}

/** Whether a call of the tool was judged. */
export function wasReached(tool: ListedTool): boolean {
  return tool.behaviour !== undefined && tool.behaviour.status !== 'not-exercised';
}

/** The class of a tool not reached. */
export function unreachedReason(tool: ListedTool, skipped: readonly Skipped[]): ReachReason {
  if (tool.behaviour !== undefined) return failedCallsReason(tool.behaviour.calls).kind;
  const entry = skipped.filter((candidate) => candidate.tool === tool.name).at(-1);
  return entry?.kind ?? 'unclassified';
}

/** Tools reached of the listed ones, and the rest grouped by class (in the order the classes first appear). */
export function reachOf(tools: readonly ListedTool[], skipped: readonly Skipped[]): Reach {
  const groups = new Map<ReachReason, string[]>();
  let reached = 0;
  for (const tool of tools) {
    if (wasReached(tool)) {
      reached += 1;
      continue;
    }
    const kind = unreachedReason(tool, skipped);
    groups.set(kind, [...(groups.get(kind) ?? []), tool.name]);
  }
  return {
    listed: tools.length,
    reached,
    notReached: [...groups].map(([kind, names]) => ({ kind, tools: names })),
  };
}
