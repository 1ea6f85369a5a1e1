/**
 * The size an image from a result is drawn at (issue 49): a small one (server-everything's tiny image
 * is 100 px or less) is scaled up by a whole factor, its pixels kept sharp, until its longer side
 * reaches READABLE_PX; a large one is fitted within MAX_PX (and the width available, by CSS). The
 * pixel budget that decides whether it is drawn at all stays lib/core/results/image-size.ts's.
 */
import type { PixelSize } from '@/lib/core/results/image-size';

export const READABLE_PX = 256;
export const MAX_PX = 640;

export interface DisplaySize {
  width: number;
  height: number;
  /** Above 1: scaled up by this whole factor (drawn pixelated). */
  scale: number;
}

export function displaySize(pixels: PixelSize | null): DisplaySize | null {
  if (pixels === null || pixels.width <= 0 || pixels.height <= 0) return null;
  const longer = Math.max(pixels.width, pixels.height);
  if (longer < READABLE_PX) {
    const scale = Math.max(1, Math.floor(READABLE_PX / longer));
    return { width: pixels.width * scale, height: pixels.height * scale, scale };
  }
  const fit = Math.min(1, MAX_PX / longer);
  return { width: Math.round(pixels.width * fit), height: Math.round(pixels.height * fit), scale: 1 };
}
