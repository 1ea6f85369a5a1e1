import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal';

describe('terminalSafe', () => {
  it.each([
    ['plain name', 'plain name'],
    ['\u001b[31mred\u001b[0m', '\\u{1b}[31mred\\u{1b}[0m'],
    ['bell\u0007', 'bell\\u{7}'],
    ['rtl\u202eexe', 'rtl\\u{202e}exe'],
    ['zero\u200bwidth', 'zero\\u{200b}width'],
    ['c1\u009bcsi', 'c1\\u{9b}csi'],
    ['line\nbreak', 'line\\u{a}break'],
  ])('%j', (input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });
  it('caps length', () => {
    expect(terminalSafe('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
