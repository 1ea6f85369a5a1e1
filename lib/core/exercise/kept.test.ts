import { describe, expect, it } from 'vitest';
import { keptPaths, onlyAdded } from './kept';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('onlyAdded', () => {
  it.each([
    ['an observation added inside a line', '{"o":["a"]}\n', '{"o":["a","b"]}\n', true],
    ['a line added at the end', 'apple\n', 'apple\npear\n', true],
    ['the same bytes', 'apple\n', 'apple\n', true],
    ['from nothing', '', 'x', true],
    ['a line removed', 'apple\npear\n', 'apple\n', false],
    ['a value changed', '{"a":1}', '{"a":2}', false],
    ['emptied', 'apple\n', '', false],
  ])('%s: %s', (_name, before, after, expected) => {
    expect(onlyAdded(bytes(before), bytes(after))).toBe(expected);
  });
});

describe('keptPaths', () => {
  it('keeps only changed files whose old bytes survive, both snapshots holding them', () => {
    const before = new Map([
      ['./store.jsonl', bytes('a\n')],
      ['./cut.txt', bytes('a\nb\n')],
      ['./new-only.txt', bytes('x')],
    ]);
    const after = new Map([
      ['./store.jsonl', bytes('a\nb\n')],
      ['./cut.txt', bytes('a\n')],
    ]);
    expect(keptPaths(before, after, ['./cut.txt', './new-only.txt', './store.jsonl'])).toEqual(['./store.jsonl']);
  });
});
