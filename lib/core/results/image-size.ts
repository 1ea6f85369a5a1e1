/**
 * An image's pixel dimensions read from its header (issue 48), before anything draws it: PNG (IHDR),
 * GIF (logical screen), WebP (VP8, VP8L, VP8X) and JPEG (the first SOF marker). A small file can
 * declare a huge canvas (16384 x 16384 under the size limit took a renderer from 437 MiB to 1.9 GiB):
 * over IMAGE_PIXEL_BUDGET an image is described, not drawn. Only the first bytes are decoded.
 */

/** Pixels an image may have to be drawn (4096 x 4096: 64 MiB decoded). */
export const IMAGE_PIXEL_BUDGET = 4096 * 4096;
/** Base64 characters decoded to find the header (a JPEG's SOF can follow large EXIF segments). */
const HEADER_CHARS = 256 * 1024;

export interface PixelSize {
  width: number;
  height: number;
}

function headerBytes(base64: string): Uint8Array {
  const prefix = base64.slice(0, HEADER_CHARS);
  const whole = prefix.slice(0, prefix.length - (prefix.length % 4));
  try {
    return Uint8Array.from(atob(whole), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

const be16 = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const le16 = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, i: number): number => le16(b, i) | ((b[i + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, i: number): number => be16(b, i) * 65536 + be16(b, i + 2);
const ascii = (b: Uint8Array, i: number, n: number): string => String.fromCharCode(...b.subarray(i, i + n));

function png(b: Uint8Array): PixelSize | null {
  if (ascii(b, 1, 3) !== 'PNG' || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: be32(b, 16), height: be32(b, 20) };
}

function gif(b: Uint8Array): PixelSize | null {
  return ascii(b, 0, 4) === 'GIF8' && b.length >= 10 ? { width: le16(b, 6), height: le16(b, 8) } : null;
}

function webp(b: Uint8Array): PixelSize | null {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const [b0, b1, b2, b3] = [b[21] ?? 0, b[22] ?? 0, b[23] ?? 0, b[24] ?? 0];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0xf) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + le24(b, 24), height: 1 + le24(b, 27) };
  return null;
}

/** SOF0-15 but DHT (C4), JPG (C8) and DAC (CC): the frame header with the image's size. */
const isFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(b: Uint8Array): PixelSize | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (isFrame(marker)) return { width: be16(b, i + 7), height: be16(b, i + 5) };
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + (marker >= 0xd0 && marker <= 0xd7 ? 0 : be16(b, i + 2));
  }
  return null;
}

const READERS: Readonly<Record<string, (bytes: Uint8Array) => PixelSize | null>> = {
  'image/png': png,
  'image/gif': gif,
  'image/webp': webp,
  'image/jpeg': jpeg,
};

/** The dimensions the image's header declares, or null when it does not read as `mimeType`. */
export function imagePixelSize(base64: string, mimeType: string): PixelSize | null {
  const read = Object.hasOwn(READERS, mimeType) ? READERS[mimeType] : undefined;
  return read === undefined ? null : read(headerBytes(base64));
}
