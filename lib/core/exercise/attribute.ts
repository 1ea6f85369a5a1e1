/**
 * Attribution: tools are called one at a time, so an effect between a call's request and the end of
 * its settle window belongs to that call ("during"); an effect after that and before the next
 * request is reported as "after the call" rather than dropped; effects before the first request are
 * the server's start (the baseline). File effects also seen at the start (the same kind on the same
 * path: a runtime's cache) are counted as noise, not shown; deletions, execution, network and
 * canary reads are never filtered.
 */
import type { TimedEffect } from './effects';
import type { Effect, EffectKind } from './schema';

/** One call's window, in epoch milliseconds (the tracer's clock and the client's are the same clock). */
export interface CallWindow {
  id: number;
  requestedAt: number;
  /** The response's arrival plus the settle window. */
  settledAt: number;
}

export interface Attribution {
  start: Effect[];
  /** Per call id: its effects and how many were left out as the start's noise. */
  calls: Map<number, { effects: Effect[]; noise: number }>;
}

const FILTERABLE: ReadonlySet<EffectKind> = new Set(['create', 'overwrite', 'write', 'append', 'mkdir', 'chmod']);

function withPhase(effect: TimedEffect, phase: Effect['phase'], from: number): Effect {
  return {
    kind: effect.kind,
    area: effect.area,
    target: effect.target,
    to: effect.to,
    ok: effect.ok,
    error: effect.error,
    phase,
    atMs: Math.round(effect.time * 1000 - from),
    evidence: effect.evidence,
  };
}

/** `effects` in any order, times in epoch seconds; `windows` in call order; `serverStartedAt` in ms. */
export function attributeEffects(
  effects: readonly TimedEffect[],
  windows: readonly CallWindow[],
  serverStartedAt: number,
): Attribution {
  const sorted = [...effects].sort((a, b) => a.time - b.time);
  const first = windows[0]?.requestedAt ?? Number.POSITIVE_INFINITY;
  const calls = new Map<number, { effects: Effect[]; noise: number }>(
    windows.map((window) => [window.id, { effects: [], noise: 0 }]),
  );
  const start: Effect[] = [];
  const baseline = new Set<string>();
  for (const effect of sorted) {
    const ms = effect.time * 1000;
    if (ms < first) {
      start.push(withPhase(effect, 'start', serverStartedAt));
      baseline.add(`${effect.kind} ${effect.key}`);
      continue;
    }
    let owner: CallWindow | undefined;
    for (const window of windows) if (window.requestedAt <= ms) owner = window;
    if (owner === undefined) continue;
    const entry = calls.get(owner.id);
    if (entry === undefined) continue;
    if (FILTERABLE.has(effect.kind) && baseline.has(`${effect.kind} ${effect.key}`)) {
      entry.noise += 1;
      continue;
    }
    entry.effects.push(withPhase(effect, ms <= owner.settledAt ? 'during' : 'after', owner.requestedAt));
  }
  return { start, calls };
}
