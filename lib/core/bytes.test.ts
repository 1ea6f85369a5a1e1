import { describe, expect, it } from 'vitest';
import { formatBytes, utf8Length } from './bytes';

describe('utf8Length', () => {
  it.each([
    ['empty', ''],
    ['ASCII (the fast path)', '{"tools":[{"name":"echo","description":"Echoes back the input"}]}'],
    ['the last ASCII code point', '\u007f'],
    ['two-byte', 'café ß'],
    ['a zero-width space (three bytes)', '\u200b'],
    ['three-byte', '€ and ✓'],
    ['a surrogate pair (four bytes)', '😀'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['a high surrogate at the end', 'x\ud83d'],
    ['lone surrogates around ASCII', '\ud800a\udc00'],
    ['mixed, long', `${'plain text '.repeat(500)}€😀é`],
  ])('%s: the length of its UTF-8 encoding', (_label, text) => {
    expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [5017, '4.9 KiB'],
    [16 * 1024 * 1024, '16.0 MiB'],
  ])('%i is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
