import { describe, expect, it } from 'vitest';
import { asideUnexplained, attributeEffects } from './attribute';
import { judgeTool } from './judge';
import { unexplainedEffects } from './unexplained';
import type { TimedEffect } from './effects';

const timed = (kind: TimedEffect['kind'], key: string, seconds: number): TimedEffect => ({
  kind,
  area: 'work',
  target: key,
  to: null,
  ok: true,
  error: null,
  time: seconds,
  pid: 1,
  key,
  evidence: key,
});

describe('attributeEffects', () => {
  const windows = [
    { id: 0, requestedAt: 10_000, settledAt: 10_200 },
    { id: 1, requestedAt: 11_000, settledAt: 11_100 },
  ];
  it('splits start, during and after, and gives nothing of call 0 to call 1', () => {
    const result = attributeEffects(
      [
        timed('create', '/cache', 9.5),
        timed('create', '/a', 10.1),
        timed('create', '/late', 10.5),
        timed('create', '/b', 11.05),
      ],
      windows,
      9_000,
    );
    expect(result.start.map((e) => [e.target, e.atMs])).toEqual([['/cache', 500]]);
    expect(result.calls.get(0)?.effects.map((e) => [e.target, e.phase, e.atMs, e.aside])).toEqual([
      ['/a', 'during', 100, undefined],
      // Judged on call 0 as a late effect (late.ts), 500 ms after its answer; no longer set aside.
      ['/late', 'after', 500, undefined],
    ]);
    expect(result.calls.get(1)?.effects.map((e) => e.target)).toEqual(['/b']);
  });

  it('counts a file effect seen at the start as noise, never an exec or a canary read', () => {
    const result = attributeEffects(
      [
        timed('create', '/cache', 9.5),
        timed('exec', '/bin/sh', 9.6),
        timed('create', '/cache', 10.1),
        timed('exec', '/bin/sh', 10.1),
      ],
      windows,
      9_000,
    );
    expect(result.calls.get(0)).toMatchObject({ noise: 1 });
    expect(result.calls.get(0)?.effects.map((e) => e.kind)).toEqual(['exec']);
  });

  // Issue 34: a time window is not causality. An effect in call 0's idle window is weighed on call 0
  // as a late one (late.ts, 'late'), and still makes the same path background in call 1.
  it.each<[string, TimedEffect[], (string | undefined)[]]>([
    [
      'a path seen in an idle window is background in any call (a log kept while no call is open)',
      [timed('append', '/log', 10.5), timed('append', '/log', 11.05)],
      ['late', 'background'],
    ],
    [
      'a delete at the start makes the same delete in a call background',
      [timed('delete', '/lock', 9.5), timed('delete', '/lock', 10.1)],
      ['background'],
    ],
    [
      'name lookups are never matched by address',
      [timed('dns', '10.0.0.1:53', 10.5), timed('dns', '10.0.0.1:53', 11.05)],
      ['late', undefined],
    ],
    ['a canary read is never background', [timed('canary-read', '/key', 10.5)], [undefined]],
    [
      "a browser's profile: a call's write under a deep folder written in an idle window is background",
      [
        {
          ...timed('create', '/p/Default/Cookies', 10.5),
          area: 'home',
          target: '~/.cache/pw/mcp-f9be197/Default/Cookies',
        },
        {
          ...timed('create', '/p/Default/Web Data', 11.05),
          area: 'home',
          target: '~/.cache/pw/mcp-0a1b2c3/Default/Web Data',
        },
        { ...timed('create', '/p/shot.png', 11.06), area: 'work', target: './shot.png' },
      ],
      ['late', 'background', undefined],
    ],
    [
      'a shallow folder (~/.cache) written in an idle window sets nothing aside',
      [
        { ...timed('create', '/c/a', 10.5), area: 'home', target: '~/.cache/a' },
        { ...timed('create', '/c/b', 11.05), area: 'home', target: '~/.cache/b' },
      ],
      ['late', undefined],
    ],
  ])('%s', (_name, effects, aside) => {
    const result = attributeEffects(effects, windows, 9_000);
    const all = [...result.calls.values()].flatMap((call) =>
      call.effects.map((e) => (e.lateMs === undefined ? e.aside : 'late')),
    );
    expect(all).toEqual(aside);
  });

  // Issue 47: only the same call's own; a store made at the start or by an earlier call existed when the call began.
  it('marks a removal of a path the same call made as its own; not one the start or an earlier call made', () => {
    const result = attributeEffects(
      [
        timed('create', '/store', 9.5),
        timed('create', '/made-by-0', 10.05),
        timed('delete', '/store', 11.01),
        timed('delete', '/made-by-0', 11.02),
      ],
      windows,
      9_000,
    );
    expect(result.calls.get(1)?.effects.map((e) => [e.target, e.own ?? false])).toEqual([
      ['/store', false],
      ['/made-by-0', false],
    ]);
  });

  it('marks a removal of a path this call made (or tried to make) as its own; not one that was there', () => {
    const result = attributeEffects(
      [
        timed('create', '/tmp.1', 10.05),
        timed('delete', '/tmp.1', 10.06),
        timed('mkdir', '/lock', 11.01),
        timed('delete', '/lock', 11.02),
        timed('delete', '/planted', 11.03),
      ],
      windows,
      9_000,
    );
    const own = [...result.calls.values()].flatMap((call) =>
      call.effects.map((e) => [e.kind, e.target, e.own ?? false]),
    );
    expect(own).toEqual([
      ['create', '/tmp.1', false],
      ['delete', '/tmp.1', true],
      ['mkdir', '/lock', false],
      ['delete', '/lock', true],
      ['delete', '/planted', false],
    ]);
  });

  // Issue 34, chrome-devtools-mcp: the browser writes its profile databases (Default/DIPS, …) through
  // descriptors opened long before; the snapshot sees the change, no traced call names it, and the
  // snapshot after a call is taken after its idle window.
  it('sets aside a change no traced call explains under a folder written in an idle window, not elsewhere', () => {
    const profile = (name: string) => ({ area: 'home' as const, target: `~/.cache/b/profile/Default/${name}` });
    const result = attributeEffects(
      [{ ...timed('create', '/p/s', 10.5), ...profile('Sessions') }, timed('create', '/p/x', 11.05)],
      windows,
      9_000,
    );
    const changed = ['~/.cache/b/profile/Default/DIPS', './startup.log'];
    const unseen = unexplainedEffects(result.calls.get(1)?.effects ?? [], changed, []);
    const marked = asideUnexplained(unseen, result.asideFolders.get(1) ?? new Set());
    expect(marked.map((e) => [e.target, e.aside])).toEqual([
      ['~/.cache/b/profile/Default/DIPS', 'background'],
      ['./startup.log', undefined],
    ]);
    const verdict = (effects: typeof marked) =>
      judgeTool(
        [
          {
            tool: 't',
            round: 1,
            argumentsJson: '{}',
            argumentsFrom: 'generated',
            outcome: 'ok',
            message: null,
            durationMs: 3,
            resultBytes: 10,
            effects,
            filteredAsNoise: 0,
            changed: [],
          },
        ],
        ['read-only'],
      ).behaviour.status;
    expect(verdict(marked.slice(0, 1))).toBe('clean');
    expect(verdict(unseen.slice(0, 1))).toBe('inconclusive');
    // A write through a descriptor opened at start-up, outside any idle folder, stays the call's
    // (inconclusive here: it looks contradicted and was not re-run).
    expect(verdict(marked.slice(1))).toBe('inconclusive');
  });

  // Issue 34, chrome-devtools-mcp: the first call launches the browser; its profile writes go on in
  // whichever call is open later (wait_for, open 10 s).
  it("sets aside writes under a deep folder that a program an earlier call ran wrote in; not the earlier call's own", () => {
    const home = (key: string, seconds: number, kind: TimedEffect['kind'] = 'create'): TimedEffect => ({
      ...timed(kind, key, seconds),
      area: 'home',
      target: `~/.cache/b/profile/${key}`,
    });
    const result = attributeEffects(
      [
        { ...timed('exec', '/usr/bin/chromium', 10.01), area: 'system' },
        home('Local State', 10.02),
        home('Default/Preferences', 10.03),
        home('Default/DIPS', 11.01),
        home('Default/Cache/data_0', 11.02),
        { ...timed('create', '/w/x', 11.03), area: 'work', target: './x' },
      ],
      windows,
      9_000,
    );
    const aside = (id: number) => result.calls.get(id)?.effects.map((e) => [e.target, e.aside]);
    expect(aside(0)).toEqual([
      ['/usr/bin/chromium', undefined],
      ['~/.cache/b/profile/Local State', undefined],
      ['~/.cache/b/profile/Default/Preferences', undefined],
    ]);
    expect(aside(1)).toEqual([
      ['~/.cache/b/profile/Default/DIPS', 'background'],
      ['~/.cache/b/profile/Default/Cache/data_0', 'background'],
      ['./x', undefined],
    ]);
  });
});
