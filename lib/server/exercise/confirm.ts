/**
 * Confirm before accusing (issue 34): every tool whose calls look contradicted (judge.ts, after the
 * server's own effects are set aside) is called again alone, in a fresh sandbox, with the same
 * arguments; its verdict then weighs both runs (a contradiction only when seen twice). Re-runs go
 * one at a time within the run's time budget; a tool not re-run stays unconfirmed (inconclusive).
 */
import { setAside, type ExercisedTool } from '../../core/exercise-apply';
import { looksContradicted } from '../../core/exercise/judge';
import type { ExerciseLimits, PlannedTool } from '../../core/exercise/select';
import type { ExerciseFacts } from '../../core/exercise/schema';
import type { Report } from '../../core/report';
import type { PlannedCall } from './call-loop';

/** One run in one sandbox: its facts and the called tools, before the verdicts. */
export interface RunOutcome {
  facts: ExerciseFacts;
  exercised: Map<string, ExercisedTool>;
}

export interface ConfirmContext {
  limits: ExerciseLimits;
  began: number;
  signal?: AbortSignal;
  /** Runs `calls` of `tool` alone in a fresh sandbox; its record, or undefined when no call was made. */
  rerun: (tool: PlannedTool, calls: PlannedCall[]) => Promise<ExercisedTool | undefined>;
}

/** The names of the tools that look contradicted in `outcome`, in call order. */
export function suspects(report: Report, outcome: RunOutcome): string[] {
  const everyToolReadOnly = report.tools.length > 0 && report.tools.every((tool) => tool.effective.readOnlyHint.value);
  const { tools } = setAside(outcome.facts, outcome.exercised, everyToolReadOnly);
  return [...tools].filter(([, tool]) => looksContradicted(tool.calls, tool.claims)).map(([name]) => name);
}

/** The exercised tools, each suspect with its re-run's calls as `confirmCalls`. */
export async function confirmSuspects(
  report: Report,
  outcome: RunOutcome,
  plan: { tools: readonly PlannedTool[]; calls: readonly PlannedCall[] },
  context: ConfirmContext,
): Promise<Map<string, ExercisedTool>> {
  const confirmed = new Map(outcome.exercised);
  for (const name of suspects(report, outcome)) {
    if (context.signal?.aborted === true || Date.now() - context.began > context.limits.totalTimeoutMs) break;
    const tool = plan.tools.find((planned) => planned.name === name);
    const exercised = confirmed.get(name);
    if (tool === undefined || exercised === undefined) continue;
    const again = await context.rerun(
      tool,
      plan.calls.filter((call) => call.tool === name),
    );
    if (again !== undefined) confirmed.set(name, { ...exercised, confirmCalls: again.calls });
  }
  return confirmed;
}
