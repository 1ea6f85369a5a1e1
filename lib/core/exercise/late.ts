/**
 * Late effects (issue 47): a write, connect or spawn the server makes after a call's answer, while
 * no call is open, is set aside as background (attribute.ts), yet it may be that call's own doing
 * delayed (a read-only tool whose timer writes 300 ms after it answered); one that lands after the
 * next call answered is judged on that call only. Excusing it would call the tool clean against the
 * evidence; blaming the call open when it lands would blame the wrong one. So an effect after the
 * open call's answer (in its settle or idle window), made by the server's own process (or by a
 * process it started while no call was open), is also judged on every earlier call that answered at
 * most LATE_REACH_MS before it and before which the server was idle (no late effect after the
 * previous call's answer): a server busy on its own before a call (a log it writes every second) says
 * nothing about that call, nor about earlier ones. It is judged there as `lateMs` ("appended to
 * ./peek.log, 300 ms after answering"), so a claim it breaks makes the call a suspect, re-run alone
 * with an idle window of LATE_REACH_MS after it (confirm.ts): seen again, the call is inconclusive
 * with the evidence, never clean; not seen again alone, it was not that call's (judge.ts). Effects
 * of a process an earlier call started stay that call's (lineage.ts), and a failed removal of a
 * missing file is nothing (findings/rule.ts).
 */
import { changedNothing } from './findings/rule';
import { FILE_CHANGE_KINDS, type Effect, type EffectKind } from './schema';

/** How long after an answer a late effect is still weighed against that call, and how long its re-run watches. */
export const LATE_REACH_MS = 1000;

const LATE_KINDS: ReadonlySet<EffectKind> = new Set([
  ...FILE_CHANGE_KINDS.filter((kind) => kind !== 'changed'),
  'exec',
  'connect',
  'dns',
]);

/** The two clocks' rounding (the tracer's microseconds, the client's milliseconds): an effect this close to the answer came before it. */
const CLOCK_MS = 2;

interface Window {
  id: number;
  requestedAt: number;
  answeredAt?: number;
}

/**
 * An effect that came after the open call had answered: while no call was open, by the server itself
 * or a process it started then, or in the call's settle window (judged on that call already, and
 * possibly an earlier one's, late).
 */
function isLate(effect: Effect, window: Window): boolean {
  if (!LATE_KINDS.has(effect.kind) || changedNothing(effect)) return false;
  if (effect.phase === 'during')
    return effect.aside === undefined && effect.atMs > (window.answeredAt ?? Infinity) - window.requestedAt + CLOCK_MS;
  if (effect.phase !== 'after') return false;
  if (effect.aside === 'background') return effect.madeBy === undefined;
  return effect.aside === 'process' && effect.madeBy?.startedIn === 'idle';
}

/**
 * Adds each late effect to the calls it may belong to (see the header), in place: on the call whose
 * idle window it came in it is no longer set aside; earlier ones get a copy, timed from their request.
 */
export function weighLateEffects(calls: ReadonlyMap<number, { effects: Effect[] }>, windows: readonly Window[]): void {
  const late = windows.map((window) => (calls.get(window.id)?.effects ?? []).filter((e) => isLate(e, window)));
  for (const [index, window] of windows.entries())
    for (const effect of late[index] ?? []) {
      const at = window.requestedAt + effect.atMs;
      // One in a call's settle window is that call's already: it is weighed on the earlier ones.
      for (let back = effect.phase === 'during' ? index - 1 : index; back >= 0; back -= 1) {
        const candidate = windows[back];
        const share = candidate === undefined ? undefined : calls.get(candidate.id);
        if (candidate === undefined || share === undefined) break;
        const answered = candidate.answeredAt ?? candidate.requestedAt;
        if (at - answered > LATE_REACH_MS) break;
        // The server acting on its own after the answer before this call: it says nothing of this call, nor of earlier ones.
        if ((late[back - 1] ?? []).length > 0) break;
        const { aside: _aside, ...judged } = effect;
        const weighed = { ...judged, atMs: Math.round(at - candidate.requestedAt), lateMs: Math.round(at - answered) };
        if (back === index) share.effects[share.effects.indexOf(effect)] = weighed;
        else share.effects.push(weighed);
      }
    }
}
