/**
 * The exercise's calls, one at a time, on a started session: request → response → wait until the
 * trace is quiet (quiet.ts, bounded) → an idle window with no call open, longer while the server
 * acts in it (what happens there is background, attribute.ts) → a snapshot of the writable folders after each,
 * progress reported before and after. The first call waits for the server's start to go quiet too. Stops at cancellation, the total time budget, or the server's exit.
 * makeCall is the one call, shared with the playground (issue 37), which also reads resources and gets prompts.
 * After a call the server followed with tools/list_changed, and once after the last, the tools are listed again (relist.ts).
 */
import { CONNECT_OPTION } from '../mcp/connect-deadline';
import type { CallWindow } from '../../core/exercise/attribute';
import type { CallRecord, ReachReason, Skipped } from '../../core/exercise/schema';
import { declaresToolListChanges, listingRepeats } from '../../core/exercise/listing-repeats';
import { withReused, type ReuseSource } from '../../core/exercise/reuse';
import type { ExerciseLimits } from '../../core/exercise/select';
import type { SteerTargets } from '../../core/exercise/steer';
import { steerTargets } from './arguments';
import { argumentsText, callOutcome } from './calls';
import { keptPaths } from '../../core/exercise/kept';
import { LATE_REACH_MS } from '../../core/exercise/late';
import { canariesRead, changedPaths, rewrittenPaths, type SandboxSnapshot } from './snapshot';
import { GENERATOR } from '../version';
import { idleWindow, untilQuiet } from './quiet';
import type { ExerciseSession, RpcAnswer } from './session';

export type ExerciseProgress =
  | { kind: 'plan'; tools: { name: string; rounds: number }[]; skipped: Skipped[] }
  | { kind: 'call'; tool: string; round: number; index: number; total: number; argumentsJson: string }
  | {
      kind: 'called';
      tool: string;
      round: number;
      index: number;
      total: number;
      outcome: CallRecord['outcome'];
      durationMs: number;
    };

export interface PlannedCall {
  tool: string;
  round: number;
  args: Record<string, unknown>;
  from: CallRecord['argumentsFrom'];
  /**
   * tools/resolve (tool-resolution extension): described, not called, and watched like a call;
   * resources/read and prompts/get (the playground) with their own `params`.
   */
  method?: 'tools/call' | 'tools/resolve' | 'resources/read' | 'prompts/get';
  /** The request's params as sent (default: `{name: tool, arguments: args}`). */
  params?: Record<string, unknown>;
  /**
   * Id fields to fill from the latest successful call of a listing tool made earlier in this run
   * (core/exercise/reuse.ts); dropped once the call is made, so a re-run sends the same value.
   */
  reuse?: ReuseSource;
  /** A longer idle window after this call (a re-run's warm-up: its late effects stay out of the suspect's call). */
  idleMs?: number;
  /** Made to see the listing change with use (core/exercise/listing-repeats.ts), not judged against the hints. */
  unjudged?: boolean;
  /** Once `reuse` is resolved: the listing tool it named, kept on the call record (CallRecord.idsFrom). */
  idsFrom?: string;
}

/** Why the calls stopped early: its class (REACH_REASONS) and its words (ExerciseFacts.stopped). */
export interface CallStop {
  kind: ReachReason;
  text: string;
}

/** One call made: what was asked, what came back, and its time window for attributing effects. */
export interface CallEntry {
  call: PlannedCall;
  record: Omit<CallRecord, 'effects' | 'filteredAsNoise'>;
  window: CallWindow;
  /** A tools/resolve answer as sent (the result, or the error's message); absent for tools/call. */
  resolved?: { result: unknown } | { error: string };
}

export interface CallLoopContext {
  session: ExerciseSession;
  /** A snapshot of the sandbox's writable folders (null when the sandbox cannot be read). */
  snapshot: () => Promise<SandboxSnapshot | null>;
  /** Why the run must stop now (the watchdog: trace past its cap, too many processes), or null. */
  halted?: () => string | null;
  limits: ExerciseLimits;
  /** The tracer's output file: its growth is the sign the server is still busy (quiet.ts). */
  tracePath?: string;
  /** The sandbox's CPU activity (activity.ts): the other sign (quiet.ts). */
  activity?: () => Promise<string | null>;
  /** When the exercise began, for the total time budget. */
  began: number;
  /** The share of the budget left for re-running suspects (confirm.ts): no call starts within it (default 0). */
  reserveMs?: number;
  signal?: AbortSignal;
  onProgress?: (event: ExerciseProgress) => void;
  /** Where steered arguments point (reused values must stay inside them); default steerTargets(). */
  targets?: SteerTargets;
  /** Lists the tools again if the server sent list_changed (`force`: whatever it sent), after `after` (relist.ts). */
  relist?: (after: string, force?: boolean) => Promise<void>;
  /** Call each tool that answered again, unjudged, when the server declares listChanged (listing-repeats.ts; default no). */
  repeatForListing?: boolean;
  /** Sends the call instead of session.request (the playground's task run, playground/task-run.ts). */
  send?: ExerciseSession['request'];
  /** How the user raises limits.startTimeoutMs, named when the start passes it (default --connect-timeout). */
  startOption?: string;
}

/** Why the exercise must stop before the next call, or null to go on. */
function stopBeforeCall(context: CallLoopContext): CallStop | null {
  if (context.signal?.aborted === true) return { kind: 'cancelled', text: 'cancelled' };
  const halted = context.halted?.() ?? null;
  if (halted !== null) return { kind: 'run-halted', text: halted };
  const total = context.limits.totalTimeoutMs;
  const reserve = context.reserveMs ?? 0;
  if (Date.now() - context.began > total - reserve)
    return {
      kind: 'time-budget',
      text:
        reserve > 0
          ? `the time budget for calls was spent (${total - reserve} ms of ${total} ms; the rest is kept to re-run suspects alone)`
          : `the time budget of ${total} ms was spent`,
    };
  return null;
}

/** Makes one call and waits out its settle window; returns its entry, the answer as sent, and the folders' snapshot after it. */
export async function makeCall(
  context: CallLoopContext,
  call: PlannedCall,
  index: number,
  total: number,
  before: SandboxSnapshot | null,
): Promise<{ entry: CallEntry; after: SandboxSnapshot | null; answer: RpcAnswer }> {
  const { session, limits, onProgress } = context;
  const argumentsJson = argumentsText(call.args);
  onProgress?.({ kind: 'call', tool: call.tool, round: call.round, index, total, argumentsJson });
  const requestedAt = Date.now();
  const method = call.method ?? 'tools/call';
  const params = call.params ?? { name: call.tool, arguments: call.args };
  const send = context.send ?? ((...args: Parameters<ExerciseSession['request']>) => session.request(...args));
  const answer = await send(method, params, limits.callTimeoutMs);
  const respondedAt = Date.now();
  const signs = { tracePath: context.tracePath, activity: context.activity };
  await untilQuiet(signs, limits.settleMs, limits.maxSettleMs);
  const settledAt = Date.now();
  await idleWindow(signs, call.idleMs ?? limits.lateMs, limits.maxSettleMs);
  const after = await context.snapshot();
  const outcome = callOutcome(answer);
  const changed = before === null || after === null ? [] : changedPaths(before.files, after.files);
  const entry: CallEntry = {
    ...(method === 'tools/resolve' ? { resolved: resolvedAnswer(answer) } : {}),
    call,
    window: { id: index, requestedAt, answeredAt: respondedAt, settledAt },
    record: {
      tool: call.tool,
      round: call.round,
      argumentsJson,
      argumentsFrom: call.from,
      ...(call.idsFrom === undefined ? {} : { idsFrom: call.idsFrom }),
      ...outcome,
      durationMs: respondedAt - requestedAt,
      changed,
      rewritten: before === null || after === null ? [] : rewrittenPaths(before.files, after.files),
      kept: before === null || after === null ? [] : keptPaths(before.contents, after.contents, changed),
      canariesRead: before === null || after === null ? [] : canariesRead(before, after),
    },
  };
  onProgress?.({
    kind: 'called',
    tool: call.tool,
    round: call.round,
    index,
    total,
    outcome: outcome.outcome,
    durationMs: respondedAt - requestedAt,
  });
  return { entry, after, answer };
}

function resolvedAnswer(answer: Awaited<ReturnType<ExerciseSession['request']>>): NonNullable<CallEntry['resolved']> {
  if (answer.kind === 'result') return { result: answer.result };
  return { error: answer.kind === 'error' ? answer.message.slice(0, 200) : answer.kind };
}

/**
 * Whether an earlier round of this tool's call failed: its repeat (an idempotent claim's second
 * call) is not made, since a call that did not succeed has no effect to repeat (server-memory's
 * deletions on a read-only store: three calls fewer).
 */
function failedBefore(entries: readonly CallEntry[], call: PlannedCall): boolean {
  return entries.some(
    (entry) => entry.call.tool === call.tool && entry.call.round < call.round && entry.record.outcome !== 'ok',
  );
}

/**
 * The call as it is made: a repeat sends what its first round sent; a call with `reuse` gets its id
 * fields from the latest successful call of its listing tool (from "reused"), else its generated
 * arguments. `reuse` is dropped either way, so the call can be made again as it was (confirm.ts).
 */
export function resolveCall(
  call: PlannedCall,
  entries: readonly CallEntry[],
  answers: ReadonlyMap<string, unknown>,
  targets: SteerTargets,
): PlannedCall {
  const { reuse, ...rest } = call;
  if (reuse === undefined) return call;
  const first = entries.find((entry) => entry.call.tool === call.tool && entry.call.round < call.round);
  if (first !== undefined)
    return { ...rest, args: first.call.args, from: first.call.from, idsFrom: first.call.idsFrom ?? reuse.source };
  const listed = answers.get(reuse.source);
  const unfilled = { ...rest, idsFrom: reuse.source };
  if (listed === undefined) return unfilled;
  const { args, filled } = withReused(call.args, listed, reuse, targets);
  return filled.length === 0 ? unfilled : { ...unfilled, args, from: 'reused' };
}

/** Initializes the session, then makes the calls in order; returns those made and why it stopped early. */
export async function runCalls(
  context: CallLoopContext,
  calls: readonly PlannedCall[],
): Promise<{ entries: CallEntry[]; stopped: CallStop | null }> {
  const { session, limits } = context;
  const entries: CallEntry[] = [];
  let stopped: CallStop | null = null;
  const hello = await session.initialize(
    GENERATOR.version,
    { timeoutMs: limits.startTimeoutMs, option: context.startOption ?? CONNECT_OPTION },
    context.signal,
  );
  if (hello.kind !== 'result')
    stopped =
      context.signal?.aborted === true
        ? { kind: 'cancelled', text: 'cancelled' }
        : {
            kind: 'start-failed',
            text: `the sandboxed server did not initialize (${callOutcome(hello).message ?? hello.kind})`,
          };
  else
    await untilQuiet({ tracePath: context.tracePath, activity: context.activity }, limits.settleMs, limits.maxSettleMs);
  let before = await context.snapshot();
  // The latest successful result of each tool, for the calls that reuse a listing tool's ids.
  const answers = new Map<string, unknown>();
  const targets = context.targets ?? steerTargets();
  for (const [index, planned] of calls.entries()) {
    stopped ??= stopBeforeCall(context);
    if (stopped !== null) break;
    if (planned.round > 1 && failedBefore(entries, planned)) continue;
    const resolved = resolveCall(planned, entries, answers, targets);
    // The last call is watched as long as a late effect is weighed (core/exercise/late.ts): no later call's window would see it.
    const last = index === calls.length - 1;
    const call = last ? { ...resolved, idleMs: Math.max(resolved.idleMs ?? 0, LATE_REACH_MS) } : resolved;
    const { entry, after, answer } = await makeCall(context, call, index, calls.length, before);
    entries.push(entry);
    if (answer.kind === 'result' && entry.record.outcome === 'ok') answers.set(call.tool, answer.result);
    before = after;
    if (entry.record.outcome === 'server-exited')
      stopped = { kind: 'server-exited', text: 'the sandboxed server exited' };
    else await context.relist?.(`call ${index + 1} (${call.tool})`);
  }
  if (
    stopped === null &&
    context.repeatForListing === true &&
    hello.kind === 'result' &&
    declaresToolListChanges(hello.result)
  ) {
    const made = entries.map((entry) => ({
      call: entry.call,
      answered: entry.record.outcome === 'ok' && entry.resolved === undefined && entry.call.method === undefined,
    }));
    for (const [offset, repeat] of listingRepeats(made).entries()) {
      if (stopBeforeCall(context) !== null) break;
      const index = calls.length + offset;
      // Unjudged, so not reported as calls of the exercise (its events count the judged ones).
      const { onProgress: _unreported, ...quiet } = context;
      const { entry, after } = await makeCall(quiet, { ...repeat, unjudged: true }, index, index + 1, before);
      entries.push(entry);
      before = after;
      if (entry.record.outcome === 'server-exited') break;
      await context.relist?.(`call ${index + 1} (${repeat.tool}, again)`);
    }
  }
  // Once more after the last call: a server may change its tools without saying so.
  const last = entries.at(-1);
  if (last !== undefined && last.record.outcome !== 'server-exited' && context.signal?.aborted !== true)
    await context.relist?.(`the last call (${last.call.tool})`, true);
  return { entries, stopped };
}
