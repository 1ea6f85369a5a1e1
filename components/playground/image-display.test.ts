import { describe, expect, it } from 'vitest';
import { displaySize, MAX_PX, READABLE_PX } from './image-display';

describe('displaySize', () => {
  it.each([
    [
      { width: 16, height: 16 },
      { width: 256, height: 256, scale: 16 },
    ],
    [
      { width: 100, height: 50 },
      { width: 200, height: 100, scale: 2 },
    ],
    [
      { width: 300, height: 200 },
      { width: 300, height: 200, scale: 1 },
    ],
    [
      { width: 1280, height: 640 },
      { width: MAX_PX, height: 320, scale: 1 },
    ],
    [
      { width: 1, height: 4000 },
      { width: 0, height: MAX_PX, scale: 1 },
    ],
  ])('%j is drawn at %j', (pixels, size) => {
    expect(displaySize(pixels)).toEqual(size);
  });
  it('has no size for an image whose header gave none', () => {
    expect(displaySize(null)).toBeNull();
    expect(displaySize({ width: 0, height: 10 })).toBeNull();
  });
  it('reaches the readable size from below without passing twice it', () => {
    for (const side of [1, 7, 33, 100, 129, 255]) {
      const size = displaySize({ width: side, height: side });
      expect(size?.width).toBeGreaterThanOrEqual(READABLE_PX / 2);
      expect(size?.width).toBeLessThanOrEqual(READABLE_PX);
    }
  });
});
