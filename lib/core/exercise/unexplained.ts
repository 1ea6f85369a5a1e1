/**
 * The snapshot as ground truth (issue 33): a file the call changed (by content hash, before and after)
 * that no traced system call of the call explains, and a canary whose access time moved with no
 * traced open, still count, as effects of their own with the snapshot as evidence. A write through a
 * descriptor opened at start-up, a hard link's second name or a path the trace filtered as the
 * start's noise cannot hide behind the tracer's view.
 */
import { FILE_CHANGE_KINDS, type Effect, type EffectKind } from './schema';

/** A traced file change explains a snapshot's; an unexplained change explains nothing. */
const FILE_KINDS: ReadonlySet<EffectKind> = new Set(FILE_CHANGE_KINDS.filter((kind) => kind !== 'changed'));

const areaOf = (display: string): Effect['area'] =>
  display.startsWith('~') ? 'home' : display.startsWith('.') ? 'work' : 'tmp';

function explains(effect: Effect, display: string): boolean {
  if (!effect.ok || !FILE_KINDS.has(effect.kind)) return false;
  const names = [effect.target, effect.to].filter((name): name is string => name !== null);
  // A folder's deletion or creation explains what lies under it.
  return names.some((name) => name === display || display.startsWith(`${name}/`));
}

/** Effects for what the snapshots saw and the trace did not: changed files and canaries read. */
export function unexplainedEffects(
  effects: readonly Effect[],
  changed: readonly string[],
  canariesRead: readonly string[],
): Effect[] {
  const found: Effect[] = [];
  for (const display of changed)
    if (!effects.some((effect) => explains(effect, display)))
      found.push({
        kind: 'changed',
        area: areaOf(display),
        target: display,
        to: null,
        ok: true,
        error: null,
        phase: 'during',
        atMs: 0,
        evidence: `snapshot: ${display} differs before and after the call (content hash), and no traced system call of the call names it`,
      });
  for (const canary of canariesRead)
    if (!effects.some((effect) => effect.kind === 'canary-read' && effect.target === canary))
      found.push({
        kind: 'canary-read',
        area: areaOf(canary),
        target: canary,
        to: null,
        ok: true,
        error: null,
        phase: 'during',
        atMs: 0,
        evidence: `snapshot: the access time of ${canary} moved during the call, and no traced open names it`,
      });
  return found;
}
