// Image dimensions read from the header before anything draws it (issue 48).
import { describe, expect, it } from 'vitest';
import { contentBlock } from './blocks';
import { IMAGE_PIXEL_BUDGET, imagePixelSize } from './image-size';

const base64 = (bytes: number[]): string => btoa(String.fromCharCode(...bytes));
const be32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number): number[] => [n & 255, (n >>> 8) & 255];
const le24 = (n: number): number[] => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const text = (s: string): number[] => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));

/** A PNG's signature and IHDR chunk (what a reader sees first). */
const pngHeader = (width: number, height: number): string =>
  base64([
    0x89,
    ...text('PNG\r\n\x1a\n'),
    ...be32(13),
    ...text('IHDR'),
    ...be32(width),
    ...be32(height),
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
/** A real 1 x 1 PNG. */
const ONE_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('imagePixelSize', () => {
  it.each<[string, string, string, { width: number; height: number } | null]>([
    ['a real 1 x 1 PNG', 'image/png', ONE_PIXEL, { width: 1, height: 1 }],
    ['a PNG declaring 16384 x 16384', 'image/png', pngHeader(16384, 16384), { width: 16384, height: 16384 }],
    [
      'a GIF',
      'image/gif',
      base64([...text('GIF89a'), ...le16(640), ...le16(480), 0, 0, 0]),
      { width: 640, height: 480 },
    ],
    [
      'a JPEG with an APP0 segment before its SOF0',
      'image/jpeg',
      base64([
        0xff,
        0xd8,
        0xff,
        0xe0,
        0,
        16,
        ...text('JFIF\0'),
        1,
        1,
        0,
        0,
        1,
        0,
        1,
        0,
        0,
        0xff,
        0xc0,
        0,
        17,
        8,
        0x40,
        0,
        0x30,
        0,
        3,
        0,
        0,
        0,
        0,
        0,
        0,
      ]),
      { width: 0x3000, height: 0x4000 },
    ],
    [
      'a lossy WebP (VP8)',
      'image/webp',
      base64([
        ...text('RIFF'),
        0,
        0,
        0,
        0,
        ...text('WEBPVP8 '),
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0x9d,
        0x01,
        0x2a,
        ...le16(300),
        ...le16(200),
        0,
        0,
      ]),
      { width: 300, height: 200 },
    ],
    [
      'an extended WebP (VP8X) of 16384 x 16384',
      'image/webp',
      base64([
        ...text('RIFF'),
        0,
        0,
        0,
        0,
        ...text('WEBPVP8X'),
        10,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        ...le24(16383),
        ...le24(16383),
        0,
        0,
      ]),
      { width: 16384, height: 16384 },
    ],
    ['PNG data named as a JPEG', 'image/jpeg', ONE_PIXEL, null],
    ['not base64 at all', 'image/png', '%%%%', null],
    ['an SVG (never read)', 'image/svg+xml', btoa('<svg/>'), null],
  ])('%s', (_label, mimeType, data, size) => {
    expect(imagePixelSize(data, mimeType)).toEqual(size);
  });
});

describe('an image block', () => {
  it('a small image within the pixel budget is kept to be drawn', () => {
    const block = contentBlock('content[0]', { type: 'image', mimeType: 'image/png', data: ONE_PIXEL });
    expect(block).toMatchObject({ kind: 'image', data: ONE_PIXEL, pixels: { width: 1, height: 1 } });
  });

  it(`a 16384 x 16384 PNG under the size limit is described, not drawn (budget ${String(IMAGE_PIXEL_BUDGET)} pixels)`, () => {
    const data = pngHeader(16384, 16384);
    const block = contentBlock('content[0]', { type: 'image', mimeType: 'image/png', data });
    expect(block).toMatchObject({ kind: 'image', data: null, pixels: { width: 16384, height: 16384 } });
  });

  it('an image whose header does not read as its type is not drawn', () => {
    const block = contentBlock('content[0]', { type: 'image', mimeType: 'image/gif', data: ONE_PIXEL });
    expect(block).toMatchObject({ data: null, pixels: null });
  });
});
