import { describe, expect, it } from 'vitest';
import { productEnv, productEnvVar } from './product';

describe('productEnv', () => {
  it.each([
    [{ HINTCHECK_TOKEN: 'new' }, { value: 'new', variable: 'HINTCHECK_TOKEN' }],
    [{ PREFLIGHT_TOKEN: 'old' }, { value: 'old', variable: 'PREFLIGHT_TOKEN' }],
    [
      { HINTCHECK_TOKEN: 'new', PREFLIGHT_TOKEN: 'old' },
      { value: 'new', variable: 'HINTCHECK_TOKEN' },
    ],
    [{ PREFLIGHT_TOKEN: '' }, { value: '', variable: 'PREFLIGHT_TOKEN' }],
    [{}, undefined],
    [{ TOKEN: 'bare' }, undefined],
  ])('reads HINTCHECK_TOKEN, then the old PREFLIGHT_TOKEN: %j', (env, expected) => {
    expect(productEnv(env, 'TOKEN')).toEqual(expected);
  });

  it('does not read inherited properties', () => {
    const env = Object.create({ HINTCHECK_DB: '/inherited' }) as Record<string, string>;
    expect(productEnv(env, 'DB')).toBeUndefined();
  });

  it('names the new variable', () => {
    expect(productEnvVar('CHROMIUM')).toBe('HINTCHECK_CHROMIUM');
  });
});
