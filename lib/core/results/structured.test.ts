import { describe, expect, it } from 'vitest';
import { checkStructured } from './structured';

describe('checkStructured with property names every object inherits (issue 48)', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'a required %s that is absent is missing',
    (key) => {
      expect(checkStructured({}, { type: 'object', required: [key] })).toEqual({
        status: 'mismatch',
        problems: [`required property "${key}" is missing`],
      });
    },
  );

  it.each(['constructor', 'toString'])(
    'a %s sent where the schema allows no other property is named, not taken for a declared one',
    (key) => {
      const structured = JSON.parse(`{"${key}": 1}`) as Record<string, unknown>;
      expect(checkStructured(structured, { type: 'object', properties: {}, additionalProperties: false })).toEqual({
        status: 'mismatch',
        problems: [`"${key}" is not in the schema, which allows no other property`],
      });
    },
  );

  it('an inherited name is not type-checked as if it were sent', () => {
    expect(checkStructured({}, { type: 'object', properties: { toString: { type: 'string' } } })).toEqual({
      status: 'matches',
      problems: [],
    });
  });

  it('a __proto__ sent as a key of its own is required-present and type-checked', () => {
    const structured = JSON.parse('{"__proto__": 5}') as Record<string, unknown>;
    const schema: unknown = JSON.parse(
      '{"type": "object", "required": ["__proto__"], "properties": {"__proto__": {"type": "string"}}}',
    );
    expect(checkStructured(structured, schema)).toEqual({
      status: 'mismatch',
      problems: ['"__proto__" is number, the schema says "string"'],
    });
  });
});
