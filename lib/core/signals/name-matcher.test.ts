import { describe, expect, it } from 'vitest';
import { crossServerReference } from '../session/cross-server-reference';
import type { SessionServer } from '../session/session-rule';
import { escapeRegExp, mentionedTools, orderedCall } from './mentioned-tools';
import { NameMatcher } from './name-matcher';

/** The rule as one RegExp per name (how it was matched before the combined matcher): the reference semantics. */
const byRegExp = (names: readonly string[], text: string): string[] =>
  names.filter((name) => new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`).test(text));

const found = (names: readonly string[], text: string): string[] => {
  const hits = new Set(new NameMatcher(names).hits(text).map((hit) => names[hit.name]));
  return names.filter((name) => hits.has(name));
};

describe('NameMatcher', () => {
  it.each([
    [['export_members'], 'call export_members.'],
    [['export_members'], 'call export_members_all'],
    [['a_b'], 'x_a_b and a_b-c'],
    [['a_b', 'x_a_b'], 'see x_a_b'],
    [['outil é-1', 'é-1'], 'then outil é-1, done'],
    [['tool:read', 'read'], 'use tool:read'],
    [['he', 'she', 'hers', 'his'], 'ushers his'],
    [['a b', 'b c', 'a b c'], 'a b c'],
    [['名前_ツール'], '次に名前_ツールを呼ぶ'],
    [['x.y'], 'x.y.z and .x.y'],
    [['dup_name', 'dup_name'], 'dup_name'],
    [['', 'a_b'], 'a_b'],
  ])('%j in %j: the names the per-name RegExp finds', (names, text) => {
    expect(found(names, text)).toEqual(byRegExp(names, text));
  });

  it('finds overlapping names where each stands as a word, with where each starts', () => {
    const hits = new NameMatcher(['a b', 'b c', 'a b c']).hits('a b c');
    expect(hits.map((hit) => [hit.name, hit.start]).sort()).toEqual([
      [0, 0],
      [1, 2],
      [2, 0],
    ]);
  });
});

/** 10,000 names outside the spec's characters, each description naming the next (bench/names.mjs's listing). */
const oddNames = Array.from({ length: 10_000 }, (_, i) => `outil é-${String(i).padStart(5, '0')}`);

describe('name matching in time linear in the number of tools (issue 48)', () => {
  it('audits 10,000 odd names against every description (one RegExp per name took minutes; bench/names.mjs times it)', () => {
    let named = 0;
    for (const [i, name] of oddNames.entries()) {
      const text = `Fixture tool ${name}. Then see ${oddNames[(i + 1) % oddNames.length] ?? ''}.`;
      const mentioned = mentionedTools(name, [text], oddNames);
      named += mentioned.length;
      if (orderedCall([text], mentioned) !== null) throw new Error('no order in this text');
    }
    expect(named).toBe(oddNames.length);
  });

  it('keeps listing order and leaves out the tool’s own name', () => {
    expect(mentionedTools('outil é-00002', ['outil é-00003, outil é-00002 and outil é-00001'], oddNames)).toEqual([
      'outil é-00001',
      'outil é-00003',
    ]);
  });

  it('orders a call to an odd name as to a plain one', () => {
    expect(orderedCall(['First call outil é-00001 with the key.'], ['outil é-00001'])).toBe('First call outil é-00001');
    expect(orderedCall(['Do not call outil é-00001.'], ['outil é-00001'])).toBeNull();
  });

  it('finds one server’s names in another’s descriptions without a RegExp per pair (scan)', () => {
    const server = (name: string, tools: { name: string; description?: string }[]): SessionServer =>
      ({ name, report: { tools: tools.map((tool) => ({ title: null, description: null, ...tool })) } }) as never;
    const other = server(
      'other',
      oddNames.map((name) => ({ name })),
    );
    const own = server(
      'own',
      oddNames.slice(0, 3_000).map((name, i) => ({ name: `own_${String(i)}`, description: `Then see ${name}.` })),
    );
    // Its speed is bench/names.mjs's to measure (no timed assertion in a test on a shared machine).
    const findings = crossServerReference.check([own, other]);
    expect(findings).toHaveLength(3_000);
    expect(findings[1]?.message).toBe("The description of own/own_1 names other's outil é-00001.");
  });
});
