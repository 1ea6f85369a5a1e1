import { describe, expect, it } from 'vitest';
import { featuresOf, playgroundCompleteSchema } from './conveniences';

describe('featuresOf', () => {
  it.each([
    [
      { completions: {}, resources: { subscribe: true } },
      { completions: true, subscribe: true },
    ],
    [{ resources: { listChanged: true } }, { completions: false, subscribe: false }],
    [
      { resources: { subscribe: 'yes' }, completions: true },
      { completions: false, subscribe: false },
    ],
    [{ completions: [] }, { completions: false, subscribe: false }],
    [null, { completions: false, subscribe: false }],
  ])('%j declares %j', (capabilities, features) => {
    expect(featuresOf(capabilities)).toEqual(features);
  });
});

describe('playgroundCompleteSchema', () => {
  it('takes a prompt or a template reference, refuses any other', () => {
    const argument = { name: 'city', value: 'Li' };
    expect(playgroundCompleteSchema.safeParse({ ref: { type: 'ref/prompt', name: 'p' }, argument }).success).toBe(true);
    expect(
      playgroundCompleteSchema.safeParse({ ref: { type: 'ref/resource', uri: 'a://{x}' }, argument }).success,
    ).toBe(true);
    expect(playgroundCompleteSchema.safeParse({ ref: { type: 'ref/tool', name: 'p' }, argument }).success).toBe(false);
    expect(
      playgroundCompleteSchema.safeParse({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'x' } }).success,
    ).toBe(false);
  });
});
