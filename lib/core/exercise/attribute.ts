/**
 * Attribution: tools are called one at a time, so an effect between a call's request and the end of
 * its settle window belongs to that call ("during"); an effect after that and before the next
 * request is reported as "after the call" rather than dropped; effects before the first request are
 * the server's start (the baseline). File effects also seen at the start (the same kind on the same
 * path: a runtime's cache) are counted as noise, not shown; deletions, execution, network and
 * canary reads are never filtered.
 *
 * A time window is not causality (issue 34), so two more marks keep the server's own doings off the
 * tool that happened to be open: an effect after the call went quiet (the idle window before the
 * next request) is background, and so is any effect of a call whose kind and path were also seen
 * in an idle window or at the start (a log the server keeps, a browser profile written while no call
 * is open), or whose path lies under a folder written in an idle window at least two levels below
 * an area's root (a browser's profile, written on and on by the browser itself), or under one an
 * earlier call wrote after it ran a program (the browser that call launched writes on in later
 * calls). Name lookups all go to one resolver, so they are never matched by address, only by
 * time. And a path the same call made (or tried to make) earlier in its window is marked `own`:
 * removing or replacing it destroys nothing that existed when the call began (a lock folder made and
 * removed, a temporary file renamed away). Only the same call's: a store the server made at its start,
 * or an earlier call made, existed when this call began, so deleting or overwriting it is a deletion,
 * whoever made it (issue 47: a rule excusing anything the server made turned a deleted store clean).
 * Effects that land while no call is open may be an earlier call's, late (late.ts).
 *
 * Lineage comes first where the trace has it (lineage.ts: who started whom): an effect after the
 * first request made by a process the server started is set aside as "process", naming it, when
 * the server started it before the first call or in an idle window (never a call's, whenever it
 * lands); when a call started it, its effects in that call's window are the call's as above, and
 * those that land while a later call is open are shown on the call that started it, after the
 * call, set aside (not judged there either: the time it came is another call's), and are never
 * the later call's. The server's own process and its threads are attributed by time.
 */
import type { TimedEffect } from './effects';
import type { Origin } from './lineage';
import type { Effect, EffectKind } from './schema';
import { weighLateEffects } from './late';
import { plainPath } from './shape';
import { unexplainedEffects } from './unexplained';

/** One call's window, in epoch milliseconds (the tracer's clock and the client's are the same clock). */
export interface CallWindow {
  id: number;
  requestedAt: number;
  /** When the answer came (late.ts measures a late effect from it); the request's time when not given. */
  answeredAt?: number;
  /** The response's arrival plus the settle window. */
  settledAt: number;
}

/** One call's share of the trace. */
export interface CallShare {
  effects: Effect[];
  /** How many were left out as the start's noise. */
  noise: number;
  /** Effects that came while this call was open, shown on the call whose process made them: they explain this call's snapshot. */
  elsewhere?: Effect[];
}

export interface Attribution {
  start: Effect[];
  /** Per call id: its effects, noise, and what came in its window for another call. */
  calls: Map<number, CallShare>;
  /** Per call id: the folders under which that call's file changes are background (idle, or a program's). */
  asideFolders: Map<number, ReadonlySet<string>>;
}

const FILTERABLE: ReadonlySet<EffectKind> = new Set(['create', 'overwrite', 'write', 'append', 'mkdir', 'chmod']);
/** Kinds that make a path: what this run made is its own. */
const MAKES: ReadonlySet<EffectKind> = new Set(['create', 'mkdir']);
/** Kinds never set aside as background by their path: a canary read is theft whenever it happens; lookups share one address. */
const NEVER_BACKGROUND: ReadonlySet<EffectKind> = new Set(['canary-read', 'dns']);

const signature = (effect: Pick<TimedEffect, 'kind' | 'target' | 'to'>): string =>
  `${effect.kind} ${effect.target} ${effect.to ?? ''}`;

function withPhase(effect: TimedEffect, phase: Effect['phase'], from: number, own = false): Effect {
  return {
    ...(own ? { own: true } : {}),
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

/**
 * Places an effect by the process that made it (lineage.ts) when lineage decides it; returns
 * whether it did. `owner` is the call open when it came. A process started at start-up or in an
 * idle window: set aside on `owner`. One a call started, landing in a later call: shown on its
 * starter, after the call, set aside; a canary read stays judged there (never set aside).
 */
function placedByLineage(
  effect: Effect,
  origin: Origin,
  owner: CallWindow,
  windows: readonly CallWindow[],
  calls: Attribution['calls'],
): boolean {
  if (origin.kind === 'server') return false;
  const madeBy = { program: origin.program, startedIn: origin.kind === 'call' ? 'this-call' : origin.kind } as const;
  if (origin.kind !== 'call') {
    if (effect.kind === 'canary-read') return false;
    calls.get(owner.id)?.effects.push({ ...effect, aside: 'process', madeBy });
    return true;
  }
  const starter = windows.find((window) => window.id === origin.id);
  const entry = calls.get(origin.id);
  if (origin.id === owner.id || starter === undefined || entry === undefined) return false;
  const atMs = Math.round(effect.atMs + owner.requestedAt - starter.requestedAt);
  const aside = effect.kind === 'canary-read' ? {} : { aside: 'process' as const };
  entry.effects.push({ ...effect, phase: 'after', atMs, ...aside, madeBy });
  const here = calls.get(owner.id);
  if (here !== undefined) (here.elsewhere ??= []).push(effect);
  return true;
}

const BY_TIME = (): Origin => ({ kind: 'server' });

/**
 * `effects` in any order, times in epoch seconds; `windows` in call order; `serverStartedAt` in ms;
 * `originOf`: whose a task's effects are (ProcessTable.origins), all the server's when not given.
 */
export function attributeEffects(
  effects: readonly TimedEffect[],
  windows: readonly CallWindow[],
  serverStartedAt: number,
  originOf: (pid: number) => Origin = BY_TIME,
): Attribution {
  const sorted = [...effects].sort((a, b) => a.time - b.time);
  const first = windows[0]?.requestedAt ?? Number.POSITIVE_INFINITY;
  const calls = new Map<number, CallShare>(windows.map((window) => [window.id, { effects: [], noise: 0 }]));
  const start: Effect[] = [];
  const baseline = new Set<string>();
  // The paths made in the current window (the start's, then each call's from its request on).
  let made = new Set<string>();
  let madeIn: number | null = null;
  const ownOf = (effect: TimedEffect, window: number | null): boolean => {
    if (window !== madeIn) [made, madeIn] = [new Set<string>(), window];
    const own = made.has(effect.target);
    if (MAKES.has(effect.kind)) made.add(effect.target);
    if (effect.kind === 'rename' && effect.to !== null) made.add(effect.to);
    return own && !MAKES.has(effect.kind);
  };
  for (const effect of sorted) {
    const ms = effect.time * 1000;
    let open: CallWindow | undefined;
    for (const window of windows) if (window.requestedAt <= ms) open = window;
    const own = ownOf(effect, open?.id ?? null);
    if (ms < first) {
      start.push(withPhase(effect, 'start', serverStartedAt, own));
      baseline.add(`${effect.kind} ${effect.key}`);
      continue;
    }
    const owner = open;
    if (owner === undefined) continue;
    const entry = calls.get(owner.id);
    if (entry === undefined) continue;
    const timed = withPhase(effect, ms <= owner.settledAt ? 'during' : 'after', owner.requestedAt, own);
    if (placedByLineage(timed, originOf(effect.pid), owner, windows, calls)) continue;
    if (FILTERABLE.has(effect.kind) && baseline.has(`${effect.kind} ${effect.key}`)) {
      entry.noise += 1;
      continue;
    }
    entry.effects.push(timed);
  }
  const asideFolders = markBackground(start, calls);
  weighLateEffects(calls, windows);
  return { start, calls, asideFolders };
}

const FILE_KINDS: ReadonlySet<EffectKind> = new Set([...FILTERABLE, 'delete', 'rename']);

/** The folder of a file effect, temporary parts made one, when it is at least two levels below ~, . or /tmp; else null. */
function deepFolder(effect: Effect): string | null {
  if (!FILE_KINDS.has(effect.kind) || effect.area === 'system' || effect.area === 'network') return null;
  const parts = plainPath(effect.target).split('/').slice(0, -1);
  const depth = effect.area === 'tmp' ? parts.length - 2 : parts.length - 1;
  return depth >= 2 ? parts.join('/') : null;
}

const under = (path: string, folders: ReadonlySet<string>): boolean => {
  const plain = plainPath(path);
  for (const folder of folders) if (plain.startsWith(`${folder}/`)) return true;
  return false;
};

/** The folders at least two levels deep written in an idle window (a browser's profile). */
function idleFolders(calls: Attribution['calls']): Set<string> {
  const folders = new Set<string>();
  for (const { effects } of calls.values())
    for (const effect of effects)
      if (effect.phase === 'after' && effect.aside !== 'process') {
        const folder = deepFolder(effect);
        if (folder !== null) folders.add(folder);
      }
  return folders;
}

/** The deep folders a call wrote after it ran a program: that program's own (a browser launched lazily, its profile). */
function programFolders(effects: readonly Effect[]): string[] {
  const ran = effects.find((effect) => effect.kind === 'exec' && effect.ok);
  if (ran === undefined) return [];
  return effects
    .filter((effect) => effect.atMs >= ran.atMs)
    .map(deepFolder)
    .filter((folder): folder is string => folder !== null);
}

/**
 * A change the snapshots saw and no traced call explains (unexplained.ts) has no time of its own:
 * the snapshot after a call is taken after its idle window, so the change may have come while no
 * call was open. Under a folder the call's file changes are background in (`asideFolders`: one the
 * server writes in idle windows, or a program an earlier call started writes in; a browser's
 * profile databases, written through descriptors it opened long before: chrome-devtools-mcp's
 * Default/DIPS, shared_proto_db, issue 34) it is background too; anywhere else (a log opened at
 * start-up and written during the call) it stays the call's.
 */
export function asideUnexplained(unexplained: readonly Effect[], folders: ReadonlySet<string>): Effect[] {
  return unexplained.map((effect) =>
    effect.kind === 'changed' && under(effect.target, folders) ? { ...effect, aside: 'background' } : effect,
  );
}

/**
 * One call's effects, the one way every caller (the exercise, a resolution, a playground call) puts
 * them together: what the trace attributed to its window, then the snapshots' changes and canary
 * reads no traced effect explains (unexplained.ts; nor one that came in its window and is shown on
 * the call whose process made it), set aside under its background folders.
 */
export function callEffects(
  attribution: Pick<Attribution, 'calls' | 'asideFolders'>,
  id: number,
  snapshots: { changed: readonly string[]; canariesRead?: readonly string[] },
): { effects: Effect[]; noise: number } {
  const seen = attribution.calls.get(id) ?? { effects: [], noise: 0 };
  const traced = [...seen.effects, ...(seen.elsewhere ?? [])];
  const changes = unexplainedEffects(traced, snapshots.changed, snapshots.canariesRead ?? []);
  const unseen = asideUnexplained(changes, attribution.asideFolders.get(id) ?? new Set());
  return { effects: [...seen.effects, ...unseen], noise: seen.noise };
}

/**
 * Sets aside what came in an idle window, and what a call shares (kind and path, or a deep folder)
 * with the idle windows or the start, or writes under a deep folder a program started by an earlier
 * call wrote in (chrome-devtools-mcp's browser, launched by the first call, writes its profile on
 * in later ones); returns each call's folders.
 */
function markBackground(start: readonly Effect[], calls: Attribution['calls']): Attribution['asideFolders'] {
  const idle = new Set<string>(start.map(signature));
  const idleOnes = idleFolders(calls);
  for (const { effects } of calls.values())
    for (const effect of effects)
      if (effect.phase === 'after' && effect.aside !== 'process') idle.add(signature(effect));
  const launched = new Set<string>();
  const asideFolders: Attribution['asideFolders'] = new Map();
  for (const [id, { effects }] of calls) {
    const folders = new Set([...idleOnes, ...launched]);
    asideFolders.set(id, folders);
    for (const [index, effect] of effects.entries()) {
      if (effect.kind === 'canary-read' || effect.aside !== undefined) continue;
      const late = effect.phase === 'after';
      const byPath = idle.has(signature(effect)) || (FILE_KINDS.has(effect.kind) && under(effect.target, folders));
      if (late || (!NEVER_BACKGROUND.has(effect.kind) && byPath)) effects[index] = { ...effect, aside: 'background' };
    }
    for (const folder of programFolders(effects)) launched.add(folder);
  }
  return asideFolders;
}
