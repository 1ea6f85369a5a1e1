import { describe, expect, it } from 'vitest';
import { isEnvName, isHeaderName } from './names';

describe('isEnvName', () => {
  it.each([
    ['PATH', true],
    ['_x1', true],
    ['a', true],
    ['1BAD', false],
    ['A-B', false],
    ['A B', false],
    ['', false],
    ['É', false],
  ])('%j -> %s', (name, ok) => {
    expect(isEnvName(name)).toBe(ok);
  });
});

describe('isHeaderName', () => {
  it.each([
    ['Authorization', true],
    ['X-Api-Key', true],
    ["x!#$%&'*+.^_`|~9", true],
    ['X Bad', false],
    ['X:Bad', false],
    ['"q"', false],
    ['', false],
    ['Ä', false],
  ])('%j -> %s', (name, ok) => {
    expect(isHeaderName(name)).toBe(ok);
  });
});
