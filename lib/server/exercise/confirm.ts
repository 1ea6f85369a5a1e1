/**
 * Confirm before accusing (issue 34): every tool whose calls look contradicted (judge.ts, after the
 * server's own effects are set aside) is called again alone, in a fresh sandbox, with the same
 * arguments; its verdict then weighs both runs (a contradiction only when seen twice). Re-runs go
 * two at a time (EXERCISE_LIMITS.confirmParallel, issue 47.6: each still alone in its own sandbox)
 * within the run's time budget, of which the first run leaves a share for them
 * (EXERCISE_LIMITS.confirmReserveMs); a tool not re-run stays unconfirmed, and says why: it is
 * inconclusive and raises exercise-inconclusive (judge.ts), so running out the clock gates.
 * The re-run first makes one warm-up call of another tool (a read-only one that looked clean when
 * there is one): what a server does once, lazily, on whichever call comes first (a browser
 * launched and its profile made, a cache folder created) then happens there, not in the suspect's
 * call, so it is not "seen twice" (issue 34: Playwright's first call blamed for the browser's start).
 * The re-run sends the calls as the first run made them (`made`): an id reused from a listing
 * call there is sent again as it was, not looked up anew.
 */
import { setAside, type ExercisedTool } from '../../core/report/exercise-apply';
import { looksContradicted } from '../../core/exercise/judge';
import { LATE_REACH_MS } from '../../core/exercise/late';
import type { ExerciseLimits, PlannedTool } from '../../core/exercise/select';
import type { ExerciseFacts } from '../../core/exercise/schema';
import type { Report } from '../../core/report/report';
import type { Resolution } from '../../core/resolve/definitions';
import type { PlannedCall } from './call-loop';

/**
 * The idle window after the warm-up call: what the warm-up tool does late (a write some time after
 * its answer) lands there, not in the suspect's call, so it is never "seen twice" on the suspect.
 */
const WARM_UP_IDLE_MS = 600;

/** One run in one sandbox: its facts and the called tools, before the verdicts. */
export interface RunOutcome {
  facts: ExerciseFacts;
  exercised: Map<string, ExercisedTool>;
  /** The tools/resolve answers of the run, with what the sandbox saw (resolutions.ts); the first run only. */
  resolutions?: Resolution[];
  /**
   * The calls as made, ids reused from a listing call filled in (call-loop.ts resolveCall): a
   * re-run sends these, the same values, without calling the listing tool again.
   */
  made?: PlannedCall[];
}

export interface ConfirmContext {
  limits: ExerciseLimits;
  began: number;
  signal?: AbortSignal;
  /**
   * Runs `calls` (the warm-up's, then `tool`'s) in a fresh sandbox: `tool`'s record (undefined when
   * none of its calls was made) and why the re-run stopped early, or null.
   */
  rerun: (
    tool: PlannedTool,
    calls: PlannedCall[],
    warmUp: PlannedTool | undefined,
  ) => Promise<{ tool: ExercisedTool | undefined; stopped: string | null }>;
}

/** Why no re-run can start now, in words that follow "and" (judge.ts), or null. */
function cannotRerun(context: Pick<ConfirmContext, 'limits' | 'began' | 'signal'>): string | null {
  if (context.signal?.aborted === true) return 'the run was cancelled before it could be re-run alone to confirm it';
  if (Date.now() - context.began > context.limits.totalTimeoutMs)
    return `the time budget of ${context.limits.totalTimeoutMs} ms was spent before it could be re-run alone to confirm it`;
  return null;
}

/** The names of the tools that look contradicted in `outcome`, in call order. */
export function suspects(report: Report, outcome: RunOutcome): string[] {
  const everyToolReadOnly = report.tools.length > 0 && report.tools.every((tool) => tool.effective.readOnlyHint.value);
  const { tools } = setAside(outcome.facts, outcome.exercised, everyToolReadOnly);
  return [...tools].filter(([, tool]) => looksContradicted(tool.calls, tool.claims)).map(([name]) => name);
}

/**
 * The warm-up for a suspect's re-run: a read-only tool not suspected whose call succeeded in the
 * first run, else one not suspected, else any other read-only one, else any other. A call that
 * failed early ("No snapshot found") may never reach what a server does lazily (chrome-devtools-mcp
 * launches its browser on the first call that needs a page), which then lands in the suspect's call.
 */
function warmUpTool(
  report: Report,
  outcome: Pick<RunOutcome, 'exercised'>,
  plan: { tools: readonly PlannedTool[] },
  suspected: readonly string[],
  name: string,
): PlannedTool | undefined {
  const others = plan.tools.filter((tool) => tool.name !== name);
  const readOnly = (tool: PlannedTool): boolean =>
    report.tools.find((candidate) => candidate.name === tool.name)?.effective.readOnlyHint.value === true;
  const succeeded = (tool: PlannedTool): boolean =>
    outcome.exercised.get(tool.name)?.calls.some((call) => call.outcome === 'ok') === true;
  const unsuspected = (tool: PlannedTool): boolean => readOnly(tool) && !suspected.includes(tool.name);
  return (
    others.find((tool) => unsuspected(tool) && succeeded(tool)) ??
    others.find(unsuspected) ??
    others.find((tool) => readOnly(tool)) ??
    others[0]
  );
}

/** Whether a tool's calls hold a late effect (one that came after its answer, while no call was open). */
const lateSuspect = (tool: ExercisedTool): boolean =>
  tool.calls.some((call) => call.effects.some((effect) => effect.lateMs !== undefined && effect.aside === undefined));

/**
 * The exercised tools, each suspect with its re-run's calls as `confirmCalls`: the suspects taken in
 * call order, `limits.confirmParallel` re-runs at a time, each in its own fresh sandbox (issue 47.6).
 */
export async function confirmSuspects(
  report: Report,
  outcome: RunOutcome,
  plan: { tools: readonly PlannedTool[]; calls: readonly PlannedCall[] },
  context: ConfirmContext,
): Promise<Map<string, ExercisedTool>> {
  const confirmed = new Map(outcome.exercised);
  const suspected = suspects(report, outcome);
  const confirmOne = async (name: string): Promise<void> => {
    const tool = plan.tools.find((planned) => planned.name === name);
    const exercised = confirmed.get(name);
    if (tool === undefined || exercised === undefined) return;
    const notNow = cannotRerun(context);
    if (notNow !== null) {
      confirmed.set(name, { ...exercised, notRerun: notNow });
      return;
    }
    const warmUp = warmUpTool(report, outcome, plan, suspected, name);
    const made = outcome.made ?? plan.calls;
    const warmCall = made.find((call) => call.tool === warmUp?.name);
    const again = await context.rerun(
      tool,
      [
        ...(warmCall === undefined ? [] : [{ ...warmCall, round: 1, idleMs: WARM_UP_IDLE_MS }]),
        // A suspect by a late effect (core/exercise/late.ts) is watched as long after its answer as that reach.
        ...made
          .filter((call) => call.tool === name)
          .map((call) => (lateSuspect(exercised) ? { ...call, idleMs: LATE_REACH_MS } : call)),
      ],
      warmUp,
    );
    if (again.tool !== undefined) confirmed.set(name, { ...exercised, confirmCalls: again.tool.calls });
    else
      confirmed.set(name, {
        ...exercised,
        notRerun: `its re-run alone made no call of it (${again.stopped ?? 'not reached'})`,
      });
  };
  const queue = [...suspected];
  const worker = async (): Promise<void> => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) await confirmOne(name);
  };
  const width = Math.max(1, Math.min(context.limits.confirmParallel, queue.length));
  await Promise.all(Array.from({ length: width }, worker));
  return confirmed;
}
