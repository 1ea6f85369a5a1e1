/**
 * What an exercise calls (issue 23). A claim is checkable when the effective hints promise something
 * a trace can contradict: read-only; openWorldHint false; destructiveHint false on a write;
 * idempotentHint true on a write (called twice with the same arguments). "checkable" calls the tools
 * that make at least one such claim, "all" calls every tool; a cap on calls bounds both. Read-only
 * tools go first, then additive ones, destructive ones last (issue 34): a move or a delete must not
 * take the sample file away from a read that comes after it. Listing order within each group.
 */
import type { EffectiveAnnotations } from '../annotations';
import type { Claim, ExerciseMode, Skipped } from './schema';

export const EXERCISE_LIMITS = {
  /** Most calls in one run (a repeat counts). */
  maxCalls: 40,
  /** One call's time limit. */
  callTimeoutMs: 10_000,
  /**
   * Starting the server and its answer to initialize (--connect-timeout, also the audit's default):
   * measured on a busy two-core machine (load 10-14), a cold `npx -y` of server-everything answered
   * after 10.4-11.5 s, a sandboxed `call` of it under strace took 4.7-5.6 s in all (docs/cli.md);
   * about three times the slowest.
   */
  startTimeoutMs: 30_000,
  /** The whole run's time limit, calls and server start included. */
  totalTimeoutMs: 120_000,
  /**
   * The share of it the first run leaves for re-running suspects alone (at most a quarter of the
   * total): honest slow tools cannot spend the budget a lie's confirmation needs (issue 48).
   */
  confirmReserveMs: 30_000,
  /**
   * Suspects re-run at once, each alone in its own fresh sandbox (issue 47.6): the re-runs mostly
   * wait (a start, settle and idle windows), so two overlap well on two cores.
   */
  confirmParallel: 2,
  /** After the response, effects belong to the call ("during") until the trace has been quiet this long. */
  settleMs: 30,
  /** The longest wait for quiet (a browser writing its profile never stops). */
  maxSettleMs: 1500,
  /** Then an idle window with no call open, longer while the server acts in it: what happens there is background ("after"), not the call's. */
  lateMs: 50,
  /** Largest result kept, in bytes; the rest is counted, not kept. */
  maxResultBytes: 65_536,
} as const;

/** Limits a caller may set (tests, a shorter budget): the same keys, any numbers. */
export type ExerciseLimits = Record<keyof typeof EXERCISE_LIMITS, number>;

/** The claims a trace can check for a tool with these effective hints. */
export function checkableClaims(effective: EffectiveAnnotations): Claim[] {
  const readOnly = effective.readOnlyHint.value;
  const claims: Claim[] = [];
  if (readOnly) claims.push('read-only');
  if (!effective.openWorldHint.value) claims.push('closed-world');
  if (!readOnly && !effective.destructiveHint.value) claims.push('non-destructive');
  if (!readOnly && effective.idempotentHint.value) claims.push('idempotent');
  return claims;
}

export interface PlannedTool {
  name: string;
  claims: Claim[];
  /** 2 for an idempotent claim (the same arguments twice), else 1. */
  rounds: number;
}

export interface ExercisePlan {
  tools: PlannedTool[];
  skipped: Skipped[];
}

/** 0 read-only, 1 additive, 2 destructive: the order tools are called in. */
export function harm(effective: EffectiveAnnotations): number {
  if (effective.readOnlyHint.value) return 0;
  return effective.destructiveHint.value ? 2 : 1;
}

/** The tools to call, read-only first and destructive last, within the call cap; the others with the reason. */
export function planExercise(
  tools: readonly { name: string; effective: EffectiveAnnotations }[],
  mode: ExerciseMode,
  maxCalls: number = EXERCISE_LIMITS.maxCalls,
): ExercisePlan {
  const plan: ExercisePlan = { tools: [], skipped: [] };
  let calls = 0;
  const seen = new Set<string>();
  const ordered = tools
    .map((tool, index) => ({ tool, index }))
    .sort((a, b) => harm(a.tool.effective) - harm(b.tool.effective) || a.index - b.index)
    .map(({ tool }) => tool);
  for (const tool of ordered) {
    if (seen.has(tool.name)) {
      plan.skipped.push({
        tool: tool.name,
        reason: 'a second tool of the same name cannot be called on its own',
        kind: 'same-name',
      });
      continue;
    }
    seen.add(tool.name);
    const claims = checkableClaims(tool.effective);
    if (mode === 'checkable' && claims.length === 0) {
      plan.skipped.push({
        tool: tool.name,
        reason: 'its hints claim nothing a trace can check (use --exercise all)',
        kind: 'no-claim',
      });
      continue;
    }
    const rounds = claims.includes('idempotent') ? 2 : 1;
    if (calls + rounds > maxCalls) {
      plan.skipped.push({ tool: tool.name, reason: `the cap of ${maxCalls} calls was reached`, kind: 'call-cap' });
      continue;
    }
    calls += rounds;
    plan.tools.push({ name: tool.name, claims, rounds });
  }
  return plan;
}
