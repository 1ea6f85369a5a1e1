import { describe, expect, it } from 'vitest';
import { judgeTool } from './judge';
import { LATE_REACH_MS, weighLateEffects } from './late';
import type { CallRecord, Effect } from './schema';

const effect = (target: string, atMs: number, extra: Partial<Effect> = {}): Effect => ({
  kind: 'append',
  area: 'work',
  target,
  to: null,
  ok: true,
  error: null,
  phase: 'after',
  atMs,
  evidence: `write ${target}`,
  aside: 'background',
  ...extra,
});

// Three calls 100 ms apart, each answered 5 ms after its request.
const windows = [0, 1, 2].map((id) => ({ id, requestedAt: 1000 + id * 100, answeredAt: 1005 + id * 100 }));

function weighed(effects: Effect[][]): (string | number | undefined)[][] {
  const calls = new Map(effects.map((list, id) => [id, { effects: list }]));
  weighLateEffects(calls, windows);
  return [...calls.values()].map(({ effects: list }) => list.map((e) => e.lateMs ?? e.aside));
}

describe('weighLateEffects', () => {
  it('weighs an idle-window write on every call that answered within the reach, no longer set aside', () => {
    // Lands 80 ms into call 2's idle window: 275, 175 and 75 ms after the three answers.
    expect(weighed([[], [], [effect('./peek.log', 80)]])).toEqual([[275], [175], [75]]);
  });

  it('goes no further back than the reach', () => {
    const far = LATE_REACH_MS + 50;
    expect(weighed([[], [], [effect('./x', far - 200)]])).toEqual([[], [far - 105], [far - 205]]);
  });

  it('stops at a call before which the server acted on its own after an answer: not weighed there', () => {
    expect(weighed([[effect('./own', 50)], [], [effect('./x', 50)]])).toEqual([[45], [], [45]]);
  });

  // Issue 47: "with the server idle before the call"; a server writing in every idle window stays background.
  it('weighs nothing of a server that writes in every idle window', () => {
    const list = weighed([[effect('./tick', 50)], [effect('./tick', 50)], [effect('./tick', 50)]]);
    expect(list).toEqual([[45], ['background'], ['background']]);
  });

  it.each<[string, Partial<Effect>]>([
    ['during a call, before its answer', { phase: 'during', aside: undefined, atMs: 2 }],
    ['made by a process a call started', { aside: 'process', madeBy: { program: 'chrome', startedIn: 'this-call' } }],
    [
      'made by a process started before the first call',
      { aside: 'process', madeBy: { program: 'py', startedIn: 'start' } },
    ],
    ['a failed removal of a missing file', { kind: 'delete', ok: false, error: 'ENOENT' }],
    ['a canary read', { kind: 'canary-read', aside: undefined }],
  ])('leaves alone an effect %s', (_name, extra) => {
    const list = weighed([[], [], [effect('./x', 50, extra)]]);
    expect(list.flat().filter((value) => typeof value === 'number')).toEqual([]);
  });

  it('weighs a process the server started while no call was open', () => {
    const spawned = effect('./x', 50, { aside: 'process', madeBy: { program: 'sh', startedIn: 'idle' } });
    expect(weighed([[], [], [spawned]])).toEqual([[245], [145], [45]]);
  });
});

const call = (effects: Effect[]): CallRecord => ({
  tool: 'peek',
  round: 1,
  argumentsJson: '{}',
  argumentsFrom: 'generated',
  outcome: 'ok',
  message: null,
  durationMs: 1,
  resultBytes: 2,
  effects,
  filteredAsNoise: 0,
  changed: [],
});
const late = effect('./peek.log', 300, { aside: undefined, lateMs: 295 });

describe('judgeTool with a late effect', () => {
  it('is inconclusive with the evidence when the re-run alone shows it again, never clean', () => {
    const verdict = judgeTool([call([late])], ['read-only'], [call([late])]);
    expect(verdict.behaviour.status).toBe('inconclusive');
    expect(verdict.findings.map((f) => f.id)).toEqual(['exercise-inconclusive']);
    expect(verdict.findings[0]?.message).toContain('appended to ./peek.log, 295 ms after answering');
  });

  it('is inconclusive when it could not be re-run', () => {
    expect(judgeTool([call([late])], ['read-only']).behaviour.status).toBe('inconclusive');
  });

  it('drops it when the re-run alone does not show it: it was not the call’s', () => {
    const verdict = judgeTool([call([late])], ['read-only'], [call([])]);
    expect(verdict.behaviour.status).toBe('clean');
    expect(verdict.findings).toEqual([]);
    expect(verdict.behaviour.summary).toContain('not its own: appended to ./peek.log, 295 ms after answering');
  });

  it('a write during the call stays a contradiction when seen twice', () => {
    const during = effect('./x', 2, { phase: 'during', aside: undefined });
    expect(judgeTool([call([during])], ['read-only'], [call([during])]).behaviour.status).toBe('contradicted');
  });
});

describe('weighLateEffects in a settle window', () => {
  it('weighs a write after the open call answered on the earlier calls, and leaves it judged on the open one', () => {
    const calls = new Map([
      [0, { effects: [] as Effect[] }],
      [1, { effects: [effect('./peek.log', 50, { phase: 'during', aside: undefined })] }],
    ]);
    weighLateEffects(calls, windows.slice(0, 2));
    expect(calls.get(0)?.effects.map((e) => e.lateMs)).toEqual([145]);
    expect(calls.get(1)?.effects.map((e) => e.lateMs)).toEqual([undefined]);
  });

  it('not one before the open call answered', () => {
    const calls = new Map([
      [0, { effects: [] as Effect[] }],
      [1, { effects: [effect('./x', 2, { phase: 'during', aside: undefined })] }],
    ]);
    weighLateEffects(calls, windows.slice(0, 2));
    expect(calls.get(0)?.effects).toEqual([]);
  });
});
