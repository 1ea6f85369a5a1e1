import { describe, expect, it } from 'vitest';
import { MAX_VARIANTS, enumVariants } from './enum-values';

const schema = (values: unknown[], required = true): unknown => ({
  type: 'object',
  properties: { operation: { type: 'string', enum: values }, name: { type: 'string' } },
  required: required ? ['operation'] : [],
});

describe('enumVariants (issue 47)', () => {
  it('a read-only tool with list | get | set: the other reading value and the write, the write first', () => {
    const variants = enumVariants(schema(['list', 'get', 'set']), { operation: 'list' });
    expect(variants.map((v) => [v.value, v.kind])).toEqual([
      ['set', 'writes'],
      ['get', 'reads'],
    ]);
    expect(variants[0]?.args).toEqual({ operation: 'set' });
  });

  it('an optional action field: every verb value, the sampled call having none', () => {
    expect(enumVariants(schema(['list', 'delete'], false), {}).map((v) => v.value)).toEqual(['delete', 'list']);
  });

  it('values that are neither read nor write, and non-enum fields: nothing', () => {
    expect(enumVariants(schema(['json', 'yaml']), { operation: 'json' })).toEqual([]);
    expect(enumVariants({ type: 'object', properties: { name: { type: 'string' } } }, {})).toEqual([]);
    expect(enumVariants(null, {})).toEqual([]);
  });

  it('reads compound values by their first word, and caps the calls, writes kept before reads', () => {
    const values = ['list', 'get-current', 'set_context', 'delete', 'update', 'create', 'remove', 'show'];
    const variants = enumVariants(schema(values), { operation: 'list' });
    expect(variants).toHaveLength(MAX_VARIANTS);
    expect(variants.every((v) => v.kind === 'writes')).toBe(true);
    expect(variants[0]?.value).toBe('set_context');
  });
});
