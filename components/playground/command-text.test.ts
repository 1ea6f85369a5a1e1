import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '@/lib/core/command-line';
import { commandText, quoteWord } from './command-text';

describe('commandText', () => {
  it('leaves plain words alone and quotes the others', () => {
    expect(commandText({ transport: 'stdio', command: 'node', args: ['dist/index.js', 'stdio'], env: {} })).toBe(
      'node dist/index.js stdio',
    );
    expect(quoteWord('a b')).toBe("'a b'");
    expect(quoteWord("it's")).toBe("'it'\\''s'");
    expect(quoteWord('')).toBe("''");
  });

  it('reads back to the same words', () => {
    const args = ['two words', "quote'd", '$HOME', 'semi;colon', '', 'ünïcode', 'back\\slash'];
    const split = splitCommandLine(commandText({ transport: 'stdio', command: 'npx', args, env: {} }));
    expect(split).toMatchObject({ ok: true, words: ['npx', ...args] });
  });
});
