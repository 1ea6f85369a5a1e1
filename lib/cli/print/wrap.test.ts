import { describe, expect, it } from 'vitest';
import { ansiStyle } from './terminal';
import { displayWidth, wrapLine, wrapText } from './wrap';

const widths = (text: string): number[] => text.split('\n').map(displayWidth);

describe('wrapLine', () => {
  it('leaves a line that fits alone', () => {
    expect(wrapLine('a b c', 5)).toBe('a b c');
  });

  it('breaks at spaces with a hanging indent two past the line own indent', () => {
    expect(wrapLine('   high   id: one two three four five', 16)).toBe(
      ['   high   id:', '     one two', '     three four', '     five'].join('\n'),
    );
  });

  it('cuts a word longer than the room by characters, and drops the spaces at a break', () => {
    const text = wrapLine('x '.repeat(3) + 'a'.repeat(25), 10);
    expect(widths(text).every((w) => w <= 10)).toBe(true);
    expect(text.replaceAll('\n', '').replaceAll(' ', '')).toBe('xxx' + 'a'.repeat(25));
    expect(text.split('\n').some((line) => line.endsWith(' '))).toBe(false);
  });

  it('counts code points, not UTF-16 units, and colour codes as nothing', () => {
    expect(displayWidth('\u{1F600}ab')).toBe(3);
    const red = ansiStyle(true).severity('high', 'word '.repeat(10).trim());
    expect(displayWidth(red)).toBe(49);
    const wrapped = wrapLine(red, 20).split('\n');
    expect(wrapped.map(displayWidth).every((w) => w <= 20)).toBe(true);
    // Each line opens and closes its own colour.
    for (const line of wrapped) {
      expect(line.startsWith('\u001b[1;31m') || line.startsWith('  \u001b[1;31m')).toBe(true);
      expect(line.endsWith('\u001b[0m')).toBe(true);
    }
  });

  it.each([1, 2, 3, 7, 40])('never exceeds width %i and loses no character', (width) => {
    const line = '  why: high hidden-characters: Invisible   characters \\u{200b}\\u{200b} in description (3: U+200B).';
    const text = wrapLine(line, width);
    expect(widths(text).every((w) => w <= width)).toBe(true);
    expect(text.replace(/\s+/g, '')).toBe(line.replace(/\s+/g, ''));
  });
});

describe('wrapText', () => {
  it('wraps every line and keeps empty ones', () => {
    expect(wrapText('aaa bbb\n\nccc', 5)).toBe('aaa\n  bbb\n\nccc');
  });
});

describe('field separators', () => {
  it('breaks at two spaces between fields rather than inside a field', () => {
    const line =
      'partially annotated: 4 (3 flagged; 1 read-only, whose missing hints do not apply)  fully annotated: 10  malformed: 2';
    expect(wrapLine(line)).toBe(
      'partially annotated: 4 (3 flagged; 1 read-only, whose missing hints do not apply)\n  fully annotated: 10  malformed: 2',
    );
  });

  it('not when the separator would leave the line under 60% full', () => {
    expect(wrapLine('a: 1  bbb ccc ddd eee', 12)).toBe('a: 1  bbb\n  ccc ddd\n  eee');
  });
});
