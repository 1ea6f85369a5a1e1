import { describe, expect, it } from 'vitest';
import { parseEnvFile } from './env-file';

describe('parseEnvFile', () => {
  it.each<[string, Record<string, string>, number[]]>([
    ['A=1\nB=two', { A: '1', B: 'two' }, []],
    ['# c\n\nexport A = "x y"\n', { A: 'x y' }, []],
    ["A='#not a comment'", { A: '#not a comment' }, []],
    ['A=value # comment', { A: 'value' }, []],
    ['A="line\\nbreak"', { A: 'line\nbreak' }, []],
    ['not a variable\nB=1\n1X=2', { B: '1' }, [1, 3]],
    ['A=\r\nB=2\r\n', { A: '', B: '2' }, []],
  ])('%j', (text, values, skipped) => {
    expect(parseEnvFile(text)).toEqual({ values, skipped });
  });
});
