/**
 * Findings about the server, not one tool (issue 34). An effect seen on every call whatever the tool
 * (a call log appended to, a history file rewritten) is the server's bookkeeping: one server-level
 * finding, set aside on each call (`aside: 'every-call'`) instead of N tool findings. Only file
 * changes and programs are grouped so: a network contact stays each closed-world tool's own (telemetry
 * sent on a tool's call is that tool reaching out). And a server whose every tool claims read-only
 * yet wrote in the writable folders at its start gets a server-level finding: no tool did it, yet
 * the promise of the whole server is broken. Temporary names (digits, hex runs) are matched as one.
 * A failed removal of a missing file (desktop-commander's leftover temporary config) changed
 * nothing: no finding (judge.ts `changedNothing`). A late effect weighed on several calls (late.ts) is
 * one effect, never "every call". A program is grouped by its command, not its path (issue 47: each
 * kubectl tool runs `kubectl` with a command of its own, and calling that the server's bookkeeping
 * hid every tool's spawned-process): the same words on every call are the server's (a `git
 * rev-parse` before each tool); different words, or words that hold one of the call's own argument
 * values, are each tool's own doing.
 */
import { describeEffect } from './effect-text';
import { execWords } from './exec-words';
import { changedNothing } from './findings/rule';
import { FILE_CHANGE_KINDS, type CallRecord, type Effect, type EffectKind, type ServerFinding } from './schema';
import { effectShape, plainPath } from './shape';

const GROUPED: ReadonlySet<EffectKind> = new Set([...FILE_CHANGE_KINDS, 'exec']);
const FILE_CHANGES: ReadonlySet<EffectKind> = new Set(FILE_CHANGE_KINDS);
/** Fewer calls than this, or fewer tools, and "every call" means nothing. */
const MIN_CALLS = 3;
const MIN_TOOLS = 2;
/**
 * "Every call" allows for a quarter missed: a background write that lands just outside one call's
 * window (desktop-commander's config rewrite, missing from 1 of 23 calls in one run of two) must not
 * turn into 22 tool findings.
 */
const SHARE = 0.75;
const EVIDENCE = 3;

export interface ServerLevel {
  /** Every tool's calls, with the every-call effects set aside. */
  calls: Map<string, CallRecord[]>;
  findings: ServerFinding[];
}

/** The string values in a call's arguments (3 characters or more: too short says nothing). */
function argumentValues(call: Pick<CallRecord, 'argumentsJson'>): string[] {
  const values: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string' && value.length >= 3) values.push(value);
    else if (typeof value === 'number') values.push(String(value));
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(call.argumentsJson));
  } catch {
    // Arguments that are not JSON hold nothing to match.
  }
  return values;
}

/**
 * What "the same effect on every call" compares: a file change's shape; a program's path and its
 * command words (plainPath'd), or null when those words hold one of the call's own argument values.
 */
function groupShape(effect: Effect, call: Pick<CallRecord, 'argumentsJson'>): string | null {
  if (effect.kind !== 'exec') return effectShape(effect);
  const words = execWords(effect.evidence);
  const own = argumentValues(call);
  if (words.some((word) => own.some((value) => word.includes(value)))) return null;
  return `${effectShape(effect)} ${words.map(plainPath).join(' ')}`;
}

function everyCall(all: readonly CallRecord[]): Set<string> {
  const shapes = all.map(
    (call) =>
      new Set(
        call.effects
          .filter((effect) => effect.aside === undefined && GROUPED.has(effect.kind) && !changedNothing(effect))
          // One late effect weighed on several calls (late.ts) is one effect, not one on every call.
          .filter((effect) => effect.lateMs === undefined)
          .map((effect) => groupShape(effect, call))
          .filter((shape): shape is string => shape !== null),
      ),
  );
  const counts = new Map<string, number>();
  for (const set of shapes) for (const shape of set) counts.set(shape, (counts.get(shape) ?? 0) + 1);
  const tools = (shape: string): number => new Set(all.filter((_, i) => shapes[i]?.has(shape)).map((c) => c.tool)).size;
  return new Set(
    [...counts]
      .filter(([shape, count]) => count >= Math.ceil(all.length * SHARE) && tools(shape) >= MIN_TOOLS)
      .map(([shape]) => shape),
  );
}

function callsWith(all: readonly CallRecord[], shape: string): number {
  return all.filter((call) => call.effects.some((effect) => groupShape(effect, call) === shape)).length;
}

/** The server-level findings of a run, and the tools' calls with what they account for set aside. */
export function serverLevel(
  tools: ReadonlyMap<string, readonly CallRecord[]>,
  startEffects: readonly Effect[],
  everyToolReadOnly: boolean,
): ServerLevel {
  const all = [...tools.values()].flat();
  const shared = all.length >= MIN_CALLS && tools.size >= MIN_TOOLS ? everyCall(all) : new Set<string>();
  const findings: ServerFinding[] = [];
  const calls = new Map<string, CallRecord[]>();
  for (const [name, records] of tools)
    calls.set(
      name,
      records.map((call) => ({
        ...call,
        effects: call.effects.map((effect) =>
          effect.aside === undefined && shared.has(groupShape(effect, call) ?? '')
            ? { ...effect, aside: 'every-call' }
            : effect,
        ),
      })),
    );
  for (const shape of shared) {
    const seen = all.flatMap((call) => call.effects.filter((effect) => groupShape(effect, call) === shape));
    const example = seen[0];
    if (example === undefined) continue;
    findings.push({
      kind: 'every-call',
      summary: `${describeEffect({ ...example, phase: 'during' })} on (nearly) every call, whatever the tool (${callsWith(all, shape)} of ${all.length} calls, ${tools.size} tools): the server's own bookkeeping, not one tool's act`,
      evidence: seen.slice(0, EVIDENCE).map((effect) => effect.evidence),
    });
  }
  const startWrites = startEffects.filter((effect) => FILE_CHANGES.has(effect.kind) && effect.area !== 'system');
  if (everyToolReadOnly && startWrites.length > 0) {
    const listed = [...new Set(startWrites.map((effect) => describeEffect(effect)))].slice(0, EVIDENCE).join('; ');
    findings.push({
      kind: 'start-write',
      summary: `Every tool claims read-only, yet at its start, before any call, the server ${listed}`,
      evidence: startWrites.slice(0, EVIDENCE).map((effect) => effect.evidence),
    });
  }
  return { calls, findings };
}
