/**
 * The settle and idle windows follow the machine's load (issue 47.8). Quiet detection (quiet.ts)
 * waits for the trace and the sandbox's CPU time to stand still for `settleMs`, then keeps an idle
 * window of `lateMs`: on a loaded machine a server that has answered may simply not have been given
 * the CPU yet for its next step, so a fixed 30 ms of stillness is taken for quiet, the step lands in
 * the idle window (background) or the next call, and two runs disagree. The load is measured, not
 * guessed: a short busy task timed at the exercise's start (lib/server/exercise/load-probe.ts) gives
 * wall time over CPU time, 1 on an idle machine and about the number of runnable tasks per core on a
 * loaded one; the windows are multiplied by it, within bounds (the longest wait for quiet is capped,
 * so a browser that never stops writing costs at most LOAD_LIMITS.maxSettleMs per call).
 */

/** The factor's range, and the longest wait for quiet it may stretch to. */
export const LOAD_LIMITS = { minFactor: 1, maxFactor: 6, maxSettleMs: 4500 } as const;

/** The windows that scale with the load. */
export interface LoadWindows {
  settleMs: number;
  lateMs: number;
  maxSettleMs: number;
}

/** The load factor from one calibration: wall time over CPU time of the same busy task, bounded, to 0.1. */
export function loadFactor(wallMs: number, cpuMs: number): number {
  if (!(wallMs > 0) || !(cpuMs > 0)) return LOAD_LIMITS.minFactor;
  const raw = Math.min(LOAD_LIMITS.maxFactor, Math.max(LOAD_LIMITS.minFactor, wallMs / cpuMs));
  return Math.round(raw * 10) / 10;
}

/** The windows stretched by `factor`; the longest wait for quiet never below what it was nor above the cap. */
export function loadScaled<T extends LoadWindows>(limits: T, factor: number): T {
  const f = Math.min(LOAD_LIMITS.maxFactor, Math.max(LOAD_LIMITS.minFactor, factor));
  return {
    ...limits,
    settleMs: Math.round(limits.settleMs * f),
    lateMs: Math.round(limits.lateMs * f),
    maxSettleMs: Math.max(limits.maxSettleMs, Math.min(LOAD_LIMITS.maxSettleMs, Math.round(limits.maxSettleMs * f))),
  };
}

/** The line the report's limits carry: the factor and what it measured. */
export function loadText(factor: number, windows: LoadWindows, wallMs: number, cpuMs: number): string {
  return `settle windows ×${factor.toFixed(1)} for the machine's load (a busy task took ${Math.round(wallMs)} ms for ${Math.round(cpuMs)} ms of CPU): quiet after ${windows.settleMs} ms still (at most ${windows.maxSettleMs} ms), idle window ${windows.lateMs} ms`;
}
