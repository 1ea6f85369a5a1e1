import { describe, expect, it } from 'vitest';
import { productEnv } from './product';

describe('productEnv', () => {
  it.each([
    [{ HINTCHECK_TOKEN: 'new' }, { value: 'new', variable: 'HINTCHECK_TOKEN' }],
    [{ HINTCHECK_TOKEN: '' }, { value: '', variable: 'HINTCHECK_TOKEN' }],
    // The name the project had before it was published is not read.
    [{ PREFLIGHT_TOKEN: 'old' }, undefined],
    [{}, undefined],
    [{ TOKEN: 'bare' }, undefined],
  ])('reads HINTCHECK_TOKEN only: %j', (env, expected) => {
    expect(productEnv(env, 'TOKEN')).toEqual(expected);
  });

  it('does not read inherited properties', () => {
    const env = Object.create({ HINTCHECK_DB: '/inherited' }) as Record<string, string>;
    expect(productEnv(env, 'DB')).toBeUndefined();
  });
});
