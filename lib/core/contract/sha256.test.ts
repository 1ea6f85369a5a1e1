import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

describe('sha256Hex', () => {
  // FIPS 180-4 / NIST CSRC example vectors.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
    ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ])('hashes %#', (text, hex) => {
    expect(sha256Hex(text)).toBe(hex);
  });

  it.each([55, 56, 63, 64, 65, 119, 120])('pads a %i-byte message at the block edge like any length', (length) => {
    expect(sha256Hex('x'.repeat(length))).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex('x'.repeat(length))).not.toBe(sha256Hex('x'.repeat(length + 1)));
  });
});
